// For component tests: plays the built-in provider's side of the browser protocol. Its element
// and challenge pages are iframes the test cannot load, so their messages are dispatched here as
// they would arrive, from the frame's own window and the provider's origin.
import { act, screen } from '@testing-library/react';
import type { PaymentsBrowserConfig } from '../contract/payment';
import type {
  ProviderMessage,
  ProviderNextAction,
  TokenizeMessage,
} from './test-provider-protocol';

export const TEST_PAYMENTS_CONFIG: PaymentsBrowserConfig = {
  provider: 'test',
  elementUrl: '/test-provider/element',
};

const FIND = { timeout: 15_000 };

export function postFromFrame(
  frame: HTMLIFrameElement,
  message: ProviderMessage,
  { source = frame.contentWindow, origin = window.location.origin } = {},
) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: message, origin, source }));
  });
}

export function findCardFrame(): Promise<HTMLIFrameElement> {
  return screen.findByTitle<HTMLIFrameElement>('Secure card payment', {}, FIND);
}

type Answer = { token: string } | { error: string };

/**
 * The card frame says it is ready and complete, and answers each "tokenize" with the next
 * queued answer (the last one repeats). `sent` holds what the shop posted to it.
 */
export async function fakeCardFrame(
  answers: Answer[] = [{ token: 'tok_test4242abc' }],
  { method = 'card' as 'card' | 'bnpl' } = {},
) {
  const frame = await findCardFrame();
  const sent: { message: TokenizeMessage; targetOrigin: string }[] = [];
  const queue = [...answers];
  const target = frame.contentWindow!;
  target.postMessage = ((message: TokenizeMessage, targetOrigin: string) => {
    sent.push({ message, targetOrigin });
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    const { requestId } = message;
    // The frame answers later, as a real one does.
    setTimeout(() =>
      postFromFrame(
        frame,
        'token' in answer
          ? { source: 'test-provider', type: 'token', requestId, token: answer.token }
          : { source: 'test-provider', type: 'error', requestId, error: answer.error },
      ),
    );
  }) as Window['postMessage'];
  postFromFrame(frame, { source: 'test-provider', type: 'ready' });
  postFromFrame(frame, {
    source: 'test-provider',
    type: 'change',
    complete: true,
    method,
    error: null,
  });
  return { frame, sent };
}

/** Answers GET …/v1/next-action with `action`; returns the URLs asked for. */
export function fakeNextAction(action: ProviderNextAction): string[] {
  const asked: string[] = [];
  window.fetch = (async (url: string) => {
    asked.push(String(url));
    return { ok: true, status: 200, json: async () => action } as Response;
  }) as typeof window.fetch;
  return asked;
}

/** The challenge page in the bank's dialog reports how the shopper answered. */
export async function answerChallenge(outcome: 'succeeded' | 'failed') {
  const frame = await screen.findByTitle<HTMLIFrameElement>('Bank authentication', {}, FIND);
  postFromFrame(frame, { source: 'test-provider', type: 'authenticated', outcome });
}
