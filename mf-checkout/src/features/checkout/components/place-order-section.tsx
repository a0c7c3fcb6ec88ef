import Alert from 'antd/es/alert';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { formatMoney } from '@shop/shared/format/money';

/** The payment error and the Place order button with the total (its progress while paying). */
export function PlaceOrderSection({
  quote,
  submitting,
  progress,
  payError,
}: {
  quote: CheckoutQuote | undefined;
  submitting: boolean;
  progress: string | null;
  payError: string | null;
}) {
  return (
    <>
      {payError && (
        <Alert
          type="error"
          showIcon
          title={payError}
          role="alert"
          data-testid="payment-error"
          style={{ marginBottom: 16 }}
        />
      )}
      <button
        type="submit"
        className="co-cta"
        disabled={submitting || !quote}
        aria-busy={submitting}
        data-testid="place-order"
      >
        {submitting
          ? (progress ?? 'Placing your order…')
          : `Place order${quote ? ` · ${formatMoney(quote.total, quote.currency)}` : ''}`}
      </button>
      {/* Without a script there is no card field (the provider's element is its script): said plainly. */}
      <noscript>
        <p className="co-note" role="note" data-testid="place-order-needs-script">
          Placing an order needs JavaScript: the card field is our payment provider’s, and it runs
          as a script. Turn JavaScript on to pay; your cart is kept.
        </p>
      </noscript>
      <p className="co-note">
        Your card details go straight to our payment provider; we keep only the card’s brand and
        last four digits.
      </p>
    </>
  );
}
