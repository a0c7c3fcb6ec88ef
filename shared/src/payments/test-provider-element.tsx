// The built-in provider's card field: its own page in an iframe, spoken to by postMessage. The
// card number never enters this page; the provider's page answers "tokenize" with a token.
import { useEffect, useRef, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import {
  LOAD_FAILED_MESSAGE,
  NOT_READY_MESSAGE,
  type ElementImplementationProps,
  type TokenResult,
} from './payment-element-types';
import { PaymentElementLoading } from './payment-element-states';
import { providerMessageOf, providerUrl, type TokenizeMessage } from './test-provider-protocol';

/** How long a loaded page may take to say it is ready before the step offers to try again. */
const READY_WITHIN_MS = 15_000;
const INITIAL_HEIGHT = 180;

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function TestProviderElement({
  elementUrl,
  methods,
  onChange,
  tokenSource,
  onLoadError,
}: ElementImplementationProps & { elementUrl: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const waiting = useRef(new Map<string, (result: TokenResult) => void>());
  const src = providerUrl(elementUrl, elementUrl, { methods: methods.join(',') });
  const origin = src.origin;
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });

  useEffect(() => {
    const answers = waiting.current;
    function receive(event: MessageEvent) {
      const message = providerMessageOf(event, frame.current, origin);
      if (!message) return;
      if (message.type === 'ready') setReady(true);
      else if (message.type === 'resize') setHeight(Math.max(0, Math.ceil(message.height)));
      else if (message.type === 'change') {
        const { complete, error, method } = message;
        latestOnChange.current?.({ complete, error, method });
      } else if (message.type === 'token' || message.type === 'error') {
        const answer = answers.get(message.requestId);
        answers.delete(message.requestId);
        answer?.(message.type === 'token' ? { token: message.token } : { error: message.error });
      }
    }
    window.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
      answers.forEach((answer) => answer({ error: NOT_READY_MESSAGE }));
      answers.clear();
    };
  }, [origin]);

  useEffect(() => {
    tokenSource.current = {
      createToken() {
        const target = frame.current?.contentWindow;
        if (!ready || !target) return Promise.resolve({ error: NOT_READY_MESSAGE });
        const requestId = uuidv4();
        return new Promise<TokenResult>((resolve) => {
          waiting.current.set(requestId, resolve);
          const message: TokenizeMessage = { source: 'shop', type: 'tokenize', requestId };
          target.postMessage(message, origin);
        });
      },
    };
    return () => {
      tokenSource.current = null;
    };
  }, [ready, origin, tokenSource]);

  // A page that loaded but never said it is ready (an error page) cannot take a card.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!loaded || ready) return;
    const timer = setTimeout(() => onLoadError(LOAD_FAILED_MESSAGE), READY_WITHIN_MS);
    return () => clearTimeout(timer);
  }, [loaded, ready, onLoadError]);

  return (
    <>
      {!ready && <PaymentElementLoading />}
      <iframe
        ref={frame}
        src={src.href}
        title="Secure card payment"
        onLoad={() => setLoaded(true)}
        onError={() => onLoadError(LOAD_FAILED_MESSAGE)}
        style={{
          display: 'block',
          width: '100%',
          border: 0,
          height: ready ? height : 0,
          visibility: ready ? 'visible' : 'hidden',
        }}
      />
    </>
  );
}
