// The payment step's card field: the configured provider's own element (Stripe's Payment Element,
// or the built-in provider's iframe), loaded only when a payment step renders, so no page's
// first-load code grows. The shop receives a token, never the card details.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentType,
  type Ref,
} from 'react';
import type { CardFutureUsage } from './card-future-usage';
import { usePaymentsConfig } from './payments-config';
import { PaymentElementFailed, PaymentElementLoading } from './payment-element-states';
import {
  LOAD_FAILED_MESSAGE,
  NOT_READY_MESSAGE,
  type ElementImplementationProps,
  type PaymentElementChange,
  type PaymentElementHandle,
} from './payment-element-types';
import { useNextAction } from './use-next-action';

export type {
  PaymentElementChange,
  PaymentElementHandle,
  PaymentElementMethod,
} from './payment-element-types';

function loadStripeElement() {
  return import(/* webpackChunkName: "stripe-payment-element" */ './stripe-payment-element').then(
    (module) => module.StripePaymentElement,
  );
}

function loadTestProviderElement() {
  return import(/* webpackChunkName: "test-provider-element" */ './test-provider-element').then(
    (module) => module.TestProviderElement,
  );
}

export interface PaymentElementProps {
  /** `payment` at checkout (with amount and currency), `setup` to save a card. */
  mode: 'payment' | 'setup';
  methods?: readonly ['card'] | readonly ['card', 'bnpl'];
  /** Integer cents. */
  amount?: number;
  currency?: string;
  /** Payment mode: how the card is kept (`checkoutCardFutureUsage`), as the server confirms it. */
  cardFutureUsage?: CardFutureUsage | null;
  onChange?(change: PaymentElementChange): void;
  ref?: Ref<PaymentElementHandle>;
}

const CARD_ONLY = ['card'] as const;

type StripeElementComponent = ComponentType<
  ElementImplementationProps & { publishableKey: string }
>;
type TestElementComponent = ComponentType<ElementImplementationProps & { elementUrl: string }>;
type Loaded =
  | { provider: 'stripe'; Element: StripeElementComponent }
  | { provider: 'test'; Element: TestElementComponent };

/** The configured provider's element code, imported on first render (and again after "Try again"). */
function useElementCode(provider: 'stripe' | 'test' | undefined, attempt: number) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!provider) return;
    let current = true;
    setFailed(false);
    const load: Promise<Loaded> =
      provider === 'stripe'
        ? loadStripeElement().then((Element) => ({ provider, Element }))
        : loadTestProviderElement().then((Element) => ({ provider, Element }));
    load.then(
      (code) => current && setLoaded(code),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [provider, attempt]);
  return { loaded: loaded?.provider === provider ? loaded : null, failed };
}

export function PaymentElement({ ref, methods = CARD_ONLY, ...props }: PaymentElementProps) {
  const config = usePaymentsConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const code = useElementCode(config.data?.provider, attempt);
  const tokenSource = useRef<ElementImplementationProps['tokenSource']['current']>(null);
  const { handleNextAction, challenge } = useNextAction();

  useImperativeHandle(
    ref,
    () => ({
      createToken: () =>
        tokenSource.current?.createToken() ?? Promise.resolve({ error: NOT_READY_MESSAGE }),
      handleNextAction,
    }),
    [handleNextAction],
  );

  const onLoadError = useCallback((message: string) => setFailure(message), []);
  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
    if (config.isError) void config.refetch();
  };

  const shared = { ...props, methods, tokenSource, onLoadError };
  const data = config.data;
  let body;
  if (failure || config.isError || code.failed) {
    body = <PaymentElementFailed message={failure ?? LOAD_FAILED_MESSAGE} onRetry={retry} />;
  } else if (code.loaded?.provider === 'stripe' && data?.provider === 'stripe') {
    body = <code.loaded.Element key={attempt} {...shared} publishableKey={data.publishableKey} />;
  } else if (code.loaded?.provider === 'test' && data?.provider === 'test') {
    body = <code.loaded.Element key={attempt} {...shared} elementUrl={data.elementUrl} />;
  } else {
    body = <PaymentElementLoading />;
  }
  return (
    <div className="payment-element" data-testid="payment-element">
      {body}
      {challenge}
    </div>
  );
}
