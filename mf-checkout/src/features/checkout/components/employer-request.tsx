import { useState } from 'react';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import type { CartItem } from '@shop/shared/contract/cart';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { submitEmployerForm } from '../api/employer-form';
import type { CheckoutDetails } from '../model/checkout-form-values';

/** "Ask my employer to pay": the order is saved unpaid and the employer gets an email with a link to pay it. */
export function EmployerRequest({
  items,
  details,
}: {
  items: readonly CartItem[];
  details: () => Promise<CheckoutDetails | null>;
}) {
  const { api, userContext } = useShell();
  const [open, setOpen] = useState(false);
  const [employerEmail, setEmployerEmail] = useState('');
  const [state, setState] = useState<
    | { status: 'idle' | 'sending' }
    | { status: 'sent'; to: string }
    | { status: 'error'; message: string }
  >({ status: 'idle' });

  async function send() {
    const filled = await details();
    if (!filled)
      return setState({
        status: 'error',
        message: 'Fill in your contact and shipping details first.',
      });
    setState({ status: 'sending' });
    try {
      await submitEmployerForm(api, {
        email: filled.email,
        name: filled.name,
        employerEmail: employerEmail.trim(),
        shippingAddress: filled.shippingAddress,
        sessionId: userContext.sessionId,
        items: [...items],
        discountCode: filled.discountCode,
        shipUpfront: filled.shipUpfront,
      });
      setState({ status: 'sent', to: employerEmail.trim() });
    } catch (error) {
      const problem = toApiError(error);
      setState({ status: 'error', message: problem.fields.employerEmail ?? problem.message });
    }
  }

  return (
    <section className="co-panel" aria-labelledby="co-employer">
      <h2 id="co-employer">Is your employer paying?</h2>
      {!open ? (
        <button
          type="button"
          className="co-link-button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
        >
          Ask your employer to pay for this order
        </button>
      ) : state.status === 'sent' ? (
        <p role="status" data-testid="employer-sent">
          We emailed {state.to} a link to pay for this order. We ship it as soon as it is paid.
        </p>
      ) : (
        <>
          <label htmlFor="co-employer-email" style={{ display: 'block', marginBottom: 4 }}>
            Your employer&apos;s email
          </label>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Input
              id="co-employer-email"
              type="email"
              autoComplete="off"
              value={employerEmail}
              onChange={(event) => setEmployerEmail(event.target.value)}
              style={{ flex: '1 1 220px' }}
            />
            <button
              type="button"
              className="co-cta"
              style={{ width: 'auto' }}
              onClick={() => void send()}
              disabled={state.status === 'sending' || !employerEmail.trim()}
            >
              {state.status === 'sending' ? 'Sending…' : 'Send payment request'}
            </button>
          </div>
          {state.status === 'error' && (
            <Alert type="error" showIcon title={state.message} style={{ marginTop: 12 }} />
          )}
        </>
      )}
    </section>
  );
}
