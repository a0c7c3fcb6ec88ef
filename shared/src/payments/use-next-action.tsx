// Finishing a payment or card setup the bank holds (3-D Secure, a pay-later redirect) with the
// configured provider's own code, loaded only when a payment needs it. Render `challenge`.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useShell } from '../federation/shell-context';
import { paymentsConfigQueryOptions } from './payments-config';

const TestProviderChallenge = lazy(() =>
  import(/* webpackChunkName: "test-provider-challenge" */ './test-provider-challenge').then(
    (module) => ({ default: module.TestProviderChallenge }),
  ),
);

const UNREACHABLE = 'The payment could not be confirmed. Please try again.';

interface Held {
  elementUrl: string;
  clientSecret: string;
  resolve(result: { error: string | null }): void;
}

export function useNextAction(): {
  handleNextAction(clientSecret: string): Promise<{ error: string | null }>;
  challenge: ReactNode;
} {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<Held | null>(null);

  const handleNextAction = useCallback(
    async (clientSecret: string) => {
      try {
        const config = await queryClient.fetchQuery(paymentsConfigQueryOptions(api));
        if (config.provider === 'stripe') {
          const { stripeHandleNextAction } = await import(
            /* webpackChunkName: "stripe-payment-element" */ './stripe-loader'
          );
          return await stripeHandleNextAction(config.publishableKey, clientSecret);
        }
        const { elementUrl } = config;
        return await new Promise<{ error: string | null }>((resolve) =>
          setHeld({ elementUrl, clientSecret, resolve }),
        );
      } catch {
        return { error: UNREACHABLE };
      }
    },
    [api, queryClient],
  );

  const challenge = held && (
    <Suspense fallback={null}>
      <TestProviderChallenge
        elementUrl={held.elementUrl}
        clientSecret={held.clientSecret}
        onDone={(result) => {
          setHeld(null);
          held.resolve(result);
        }}
      />
    </Suspense>
  );
  return { handleNextAction, challenge };
}
