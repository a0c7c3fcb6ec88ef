// How a card given at a consumer checkout is kept for later charges: Stripe's
// `setup_future_usage`, for cards only. The browser's element and the server's confirm both take
// it from here, because Stripe refuses a confirmation whose value differs from the element's.

/** Kept for charges without the shopper (renewals), or only while they are at the shop. */
export type CardFutureUsage = 'off_session' | 'on_session';

/**
 * `off_session` when a line renews (renewals charge with the shopper away); otherwise
 * `on_session`: the thank-you page's upgrade offers charge the same card while the shopper is
 * there, and a card used once without it cannot be charged again. It depends on the cart alone,
 * so the element never changes under what the shopper typed; "Save this card for next time"
 * decides only whose card it becomes (the shopper's account, or this order's alone).
 */
export function checkoutCardFutureUsage({ recurring }: { recurring: boolean }): CardFutureUsage {
  return recurring ? 'off_session' : 'on_session';
}
