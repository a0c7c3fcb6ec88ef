import { useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import { useQueryClient } from '@tanstack/react-query';
import { v4 as uuidv4 } from 'uuid';
import { useShell } from '@shop/shared/federation/remote-root';
import type { EmployerPaymentView } from '@shop/shared/contract/checkout';
import { toApiError } from '@shop/shared/http/api-error';
import { PaymentElement, type PaymentElementHandle } from '@shop/shared/payments/payment-element';
import { employerPaymentQueryOptions, useEmployerPayment } from '../api/employer-payment';
import { confirmEmployerPayment, payEmployerPayment } from '../api/pay-employer-payment';
import { CheckoutStyles } from './checkout-styles';
import { OrderTotals, SummaryLines } from './order-summary';

const NOT_CONFIRMED =
  'Your bank did not confirm the payment. Please try again or use another card.';

/** The page an employer's emailed link opens: the employee's order and the provider's card field to pay it. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function EmployerPayPage({ token }: { token: string }) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const request = useEmployerPayment(token);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const key = useRef(uuidv4());
  const element = useRef<PaymentElementHandle>(null);

  async function payWithToken(): Promise<EmployerPaymentView | null> {
    const made = (await element.current?.createToken()) ?? { error: NOT_CONFIRMED };
    if ('error' in made) {
      setError(made.error);
      return null;
    }
    const body = { paymentMethod: { type: 'token' as const, token: made.token } };
    const paid = await payEmployerPayment(api, token, body, key.current);
    const clientSecret = paid.order.payment?.nextAction?.clientSecret;
    if (paid.status === 'paid' || !clientSecret) return paid;
    // The bank asks the employer to confirm; our API then decides from the provider's state.
    const bank = await element.current!.handleNextAction(clientSecret);
    const confirmed = await confirmEmployerPayment(api, token);
    if (confirmed.status !== 'paid') throw new Error(bank.error ?? NOT_CONFIRMED);
    return confirmed;
  }

  async function pay() {
    setPaying(true);
    setError(null);
    try {
      const paid = await payWithToken();
      if (paid) queryClient.setQueryData(employerPaymentQueryOptions(api, token).queryKey, paid);
    } catch (failure) {
      setError(toApiError(failure).message);
      key.current = uuidv4();
    } finally {
      setPaying(false);
    }
  }

  const view = request.data;
  return (
    <div className="co-page">
      <CheckoutStyles />
      <h1>Pay for an order</h1>
      {request.isPending && <Spin />}
      {request.isError && <Alert type="error" showIcon title={toApiError(request.error).message} />}
      {view && (
        <div className="co-layout">
          <section className="co-panel" aria-labelledby="co-employer-pay">
            <h2 id="co-employer-pay">
              {view.employeeName} ({view.employeeEmail}) asked you to pay for this order
            </h2>
            {view.status === 'paid' ? (
              <p role="status" data-testid="employer-paid">
                Thank you: this order is paid. We ship it to {view.employeeName} now.
              </p>
            ) : (
              <form
                aria-label="Pay by card"
                onSubmit={(event) => {
                  event.preventDefault();
                  void pay();
                }}
              >
                <div className="co-element">
                  <PaymentElement
                    ref={element}
                    mode="payment"
                    amount={view.order.total}
                    currency={view.order.currency}
                  />
                </div>
                {error && (
                  <Alert
                    type="error"
                    showIcon
                    title={error}
                    role="alert"
                    style={{ marginBottom: 16 }}
                  />
                )}
                <button type="submit" className="co-cta" disabled={paying} aria-busy={paying}>
                  {paying ? 'Paying…' : 'Pay for this order'}
                </button>
              </form>
            )}
          </section>
          <aside className="co-aside co-panel" aria-labelledby="co-employer-summary">
            <h2 id="co-employer-summary">Order</h2>
            <SummaryLines lines={view.order.lines} currency={view.order.currency} />
            <div style={{ marginTop: 12 }}>
              <OrderTotals {...view.order} />
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
