import Alert from 'antd/es/alert';
import type { CheckoutQuote, Order } from '@shop/shared/contract/checkout';
import { formatMoney } from '@shop/shared/format/money';

/** The payment error, the bank's confirmation step, or the Place order button with the total. */
export function PlaceOrderSection({
  quote,
  submitting,
  progress,
  payError,
  needsConfirmation,
  onConfirm,
}: {
  quote: CheckoutQuote | undefined;
  submitting: boolean;
  progress: string | null;
  payError: string | null;
  needsConfirmation: Order | null;
  onConfirm(): void;
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
      {needsConfirmation ? (
        <div className="co-terms" role="alert">
          <p style={{ margin: '0 0 8px' }}>
            {needsConfirmation.payment?.nextAction?.message ??
              'Your bank asks you to confirm this payment.'}
          </p>
          <button type="button" className="co-cta" onClick={onConfirm} disabled={submitting}>
            Confirm payment
          </button>
        </div>
      ) : (
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
      )}
      <p className="co-note">
        Your card is charged by our payment provider; we keep only its brand and last four digits.
      </p>
    </>
  );
}
