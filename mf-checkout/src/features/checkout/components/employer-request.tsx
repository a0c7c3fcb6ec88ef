import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import type { CartItem } from '@shop/shared/contract/cart';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { submitEmployerForm } from '../api/employer-form';
import type { CheckoutDetails } from '../model/checkout-form-values';

export interface EmployerRequestSent {
  employerEmail: string;
  /** The shopper's own address, where the confirmation went. */
  email: string;
}

/** Shown instead of the checkout once the request is sent: the cart is now that order. */
export function EmployerRequestSentPanel({ sent }: { sent: EmployerRequestSent }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the shopper was in is gone: move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="co-panel" aria-labelledby="co-employer-sent">
      <h2 id="co-employer-sent" ref={headingRef} tabIndex={-1}>
        Your employer has the payment link
      </h2>
      <p role="status" data-testid="employer-sent">
        We emailed {sent.employerEmail} a link to pay for this order. We ship it as soon as it is
        paid, and we sent a confirmation to {sent.email}.
      </p>
      <p className="co-muted">
        Your cart is empty again: the order is saved and waits for that payment.{' '}
        <Link to="/pricing">Browse tests and pricing</Link>.
      </p>
    </section>
  );
}

/**
 * "Ask my employer to pay": the order is saved unpaid, the employer gets an email with a link to
 * pay it, and the server empties the cart; `onSent` lets the page say so in place of the form.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function EmployerRequest({
  items,
  details,
  onSent,
}: {
  items: readonly CartItem[];
  details: () => Promise<CheckoutDetails | null>;
  onSent: (sent: EmployerRequestSent) => void;
}) {
  const { api, userContext } = useShell();
  const [open, setOpen] = useState(false);
  const [employerEmail, setEmployerEmail] = useState('');
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'error'; message: string }
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
      const employer = employerEmail.trim();
      await submitEmployerForm(api, {
        email: filled.email,
        name: filled.name,
        employerEmail: employer,
        shippingAddress: filled.shippingAddress,
        sessionId: userContext.sessionId,
        items: [...items],
        discountCode: filled.discountCode,
        shipUpfront: filled.shipUpfront,
      });
      onSent({ employerEmail: employer, email: filled.email });
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
