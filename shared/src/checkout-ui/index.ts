// The reusable checkout UI: the consumer checkout (mf-checkout) and the partner storefronts
// (mf-storefront, passing businessKey) render the same form, summary and calls.
// Import from '@shop/shared/checkout-ui/index'; components must render inside an area root (useShell).
export { CheckoutForm, DISCOUNT_LOOKUP_TIMEOUT_MS, type CheckoutDetails, type CheckoutFormProps } from './checkout-form';
export { OrderTotals, QuoteTotals, SummaryLines, billingLabel, balanceCents, type SummaryLine, type TotalsProps } from './order-summary';
export { CheckoutStyles } from './checkout-styles';
export { useCheckoutQuote, useShippingOptions, type QuoteInput } from './use-checkout-quote';
export * from './checkout-api';
export { THANK_YOU_PATH, useShowThankYou, useThankYouOrderId } from './thank-you-order';
export { OrderNotHere } from './order-not-here';
