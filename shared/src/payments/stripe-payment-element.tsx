// Stripe's Payment Element: it collects the card (or a pay-later method) itself, and the shop gets
// only a ConfirmationToken id. Loaded only when a payment step renders with Stripe configured.
import { useEffect, useMemo, useState } from 'react';
import {
  Elements,
  PaymentElement as StripeElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { stripeElementsOptions } from './stripe-elements-options';
import { loadStripeOnce } from './stripe-loader';
import {
  LOAD_FAILED_MESSAGE,
  NOT_READY_MESSAGE,
  type ElementImplementationProps,
} from './payment-element-types';
import { PaymentElementLoading } from './payment-element-states';

const FALLBACK_ERROR = 'Please check your payment details.';

function StripeFields({ onChange, tokenSource, onLoadError }: ElementImplementationProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    tokenSource.current = {
      async createToken() {
        if (!stripe || !elements) return { error: NOT_READY_MESSAGE };
        const submitted = await elements.submit();
        if (submitted.error) return { error: submitted.error.message ?? FALLBACK_ERROR };
        const { error, confirmationToken } = await stripe.createConfirmationToken({ elements });
        if (error) return { error: error.message ?? FALLBACK_ERROR };
        return { token: confirmationToken.id };
      },
    };
    return () => {
      tokenSource.current = null;
    };
  }, [stripe, elements, tokenSource]);

  return (
    <>
      {!ready && <PaymentElementLoading />}
      <div style={ready ? undefined : { height: 0, overflow: 'hidden' }}>
        <StripeElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={(event) => onLoadError(event.error.message ?? LOAD_FAILED_MESSAGE)}
          onChange={(event) =>
            onChange?.({
              complete: event.complete,
              error: null,
              method: event.value.type === 'card' ? 'card' : 'bnpl',
            })
          }
        />
      </div>
    </>
  );
}

export function StripePaymentElement(
  props: ElementImplementationProps & { publishableKey: string },
) {
  const { publishableKey, onLoadError } = props;
  const stripe = useMemo(() => loadStripeOnce(publishableKey), [publishableKey]);
  useEffect(() => {
    void stripe.then(
      (loaded) => loaded ?? onLoadError(LOAD_FAILED_MESSAGE),
      () => onLoadError(LOAD_FAILED_MESSAGE),
    );
  }, [stripe, onLoadError]);
  // Payment mode needs the amount (the Element lists the methods that allow it).
  if (props.mode === 'payment' && !props.amount) return <PaymentElementLoading />;
  return (
    // Its card options cannot be updated on a mounted element: a new value makes a new one.
    <Elements
      key={props.cardFutureUsage ?? 'none'}
      stripe={stripe}
      options={stripeElementsOptions(props)}
    >
      <StripeFields {...props} />
    </Elements>
  );
}
