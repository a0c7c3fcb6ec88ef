// The built-in provider's bank step (3-D Secure): its challenge page in a modal dialog, or a
// redirect to its pay-later page. The shop learns only the outcome; the API asks the provider.
import { useEffect, useRef, useState } from 'react';
import Modal from 'antd/es/modal';
import {
  browserNavigation,
  providerMessageOf,
  providerUrl,
  type ProviderNextAction,
} from './test-provider-protocol';

export const CHALLENGE_UNREACHABLE = 'We could not open your bank’s check. Please try again.';
export const CHALLENGE_FAILED =
  'Your bank did not confirm the payment. Please try again or use another card.';
export const CHALLENGE_CLOSED =
  'The bank’s check was closed before it finished. Nothing was charged.';

async function fetchNextAction(elementUrl: string, clientSecret: string) {
  const url = providerUrl(elementUrl, 'v1/next-action', { client_secret: clientSecret });
  const response = await fetch(url.href, { credentials: 'omit' });
  if (!response.ok) throw new Error(`next-action answered ${response.status}`);
  const action = (await response.json()) as ProviderNextAction;
  const target = providerUrl(elementUrl, action.url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('bad URL');
  return { type: action.type, url: target };
}

export function TestProviderChallenge({
  elementUrl,
  clientSecret,
  onDone,
}: {
  elementUrl: string;
  clientSecret: string;
  onDone(result: { error: string | null }): void;
}) {
  const [challenge, setChallenge] = useState<URL | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const latestOnDone = useRef(onDone);
  useEffect(() => {
    latestOnDone.current = onDone;
  });

  useEffect(() => {
    let current = true;
    fetchNextAction(elementUrl, clientSecret).then(
      (action) => {
        if (!current) return;
        // A redirect leaves the shop; the provider sends the shopper back to the order's return URL.
        if (action.type === 'redirect') browserNavigation.assign(action.url.href);
        else setChallenge(action.url);
      },
      () => current && latestOnDone.current({ error: CHALLENGE_UNREACHABLE }),
    );
    return () => {
      current = false;
    };
  }, [elementUrl, clientSecret]);

  useEffect(() => {
    if (!challenge) return;
    function receive(event: MessageEvent) {
      const message = providerMessageOf(event, frame.current, challenge!.origin);
      if (message?.type !== 'authenticated') return;
      latestOnDone.current({ error: message.outcome === 'succeeded' ? null : CHALLENGE_FAILED });
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [challenge]);

  return (
    <Modal
      open={challenge !== null}
      title="Confirm your payment with your bank"
      footer={null}
      width={440}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={() => onDone({ error: CHALLENGE_CLOSED })}
      afterOpenChange={(open) => open && frame.current?.focus()}
    >
      <p style={{ marginTop: 0 }}>Your bank asks you to confirm this payment.</p>
      {challenge && (
        <iframe
          ref={frame}
          src={challenge.href}
          title="Bank authentication"
          style={{ display: 'block', width: '100%', height: 400, border: 0 }}
        />
      )}
    </Modal>
  );
}
