// The options Stripe's Elements are created with, kept apart from the React code so the API's
// tests make their stand-in confirmation tokens from exactly what the browser sends.
import type { StripeElementsOptionsMode } from '@stripe/stripe-js';
import type { ElementImplementationProps } from './payment-element-types';

export function stripeElementsOptions({
  mode,
  methods,
  amount,
  currency = 'usd',
  cardFutureUsage,
}: Pick<
  ElementImplementationProps,
  'mode' | 'methods' | 'amount' | 'currency' | 'cardFutureUsage'
>): StripeElementsOptionsMode {
  // Cards only unless pay later is offered; then the account's enabled methods (Klarna, Affirm…).
  const types = methods.includes('bnpl') ? {} : { paymentMethodTypes: ['card'] };
  if (mode === 'setup') return { mode, currency, paymentMethodCreation: 'manual', ...types };
  // Set for cards alone, as the server's confirm sets it: a pay-later method is never kept, and
  // a top-level value would hide the pay-later methods that cannot be.
  const keep = cardFutureUsage
    ? { paymentMethodOptions: { card: { setup_future_usage: cardFutureUsage } } }
    : {};
  return {
    mode,
    amount: amount ?? 0,
    currency,
    paymentMethodCreation: 'manual',
    ...types,
    ...keep,
  };
}
