// Stripe.js is fetched from Stripe (never bundled, as Stripe requires), once per publishable key.
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed download is tried again next time rather than remembered.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export async function stripeHandleNextAction(
  publishableKey: string,
  clientSecret: string,
): Promise<{ error: string | null }> {
  const stripe = await loadStripeOnce(publishableKey).catch(() => null);
  if (!stripe) return { error: 'The bank check could not load. Please try again.' };
  const { error } = await stripe.handleNextAction({ clientSecret });
  return { error: error ? (error.message ?? 'Your bank did not confirm the payment.') : null };
}
