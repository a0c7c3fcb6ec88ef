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
      <p className="co-note">
        Your card details go straight to our payment provider; we keep only the card’s brand and
        last four digits.
      </p>
    </>
  );
}
