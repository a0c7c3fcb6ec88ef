import { useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { useQueryClient } from '@tanstack/react-query';
import { v4 as uuidv4 } from 'uuid';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { employerPaymentQueryOptions, useEmployerPayment } from '../api/employer-payment';
import { payEmployerPayment } from '../api/pay-employer-payment';
import { CheckoutStyles } from './checkout-styles';
import { OrderTotals, SummaryLines } from './order-summary';

interface CardValues {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
}

/** The page an employer's emailed link opens: the employee's order and a card form to pay it. */
export function EmployerPayPage({ token }: { token: string }) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const request = useEmployerPayment(token);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const key = useRef(uuidv4());

  async function pay(values: CardValues) {
    setPaying(true);
    setError(null);
    const [month = '', year = ''] = values.cardExpiry.split('/').map((part) => part.trim());
    try {
      const paid = await payEmployerPayment(
        api,
        token,
        {
          paymentMethod: {
            type: 'card',
            card: {
              number: values.cardNumber,
              expMonth: Number(month),
              expYear: Number(year),
              cvc: values.cardCvc,
            },
          },
        },
        key.current,
      );
      queryClient.setQueryData(employerPaymentQueryOptions(api, token).queryKey, paid);
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
              <Form<CardValues> layout="vertical" onFinish={pay} aria-label="Pay by card">
                <Form.Item
                  label="Card number"
                  name="cardNumber"
                  rules={[{ required: true, message: 'Please enter the card number' }]}
                >
                  <Input inputMode="numeric" autoComplete="cc-number" />
                </Form.Item>
                <div className="co-row co-row-2">
                  <Form.Item
                    label="Expiry (MM/YY)"
                    name="cardExpiry"
                    rules={[
                      {
                        required: true,
                        pattern: /^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/,
                        message: 'Use MM/YY',
                      },
                    ]}
                  >
                    <Input autoComplete="cc-exp" />
                  </Form.Item>
                  <Form.Item
                    label="CVC"
                    name="cardCvc"
                    rules={[
                      {
                        required: true,
                        pattern: /^\d{3,4}$/,
                        message: 'CVC must be 3 or 4 digits',
                      },
                    ]}
                  >
                    <Input inputMode="numeric" autoComplete="cc-csc" />
                  </Form.Item>
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
                <button type="submit" className="co-cta" disabled={paying}>
                  {paying ? 'Paying…' : 'Pay for this order'}
                </button>
              </Form>
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
