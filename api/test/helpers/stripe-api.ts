// Stripe's API answered by a local HTTP server: the SDK is pointed at it (host, port, protocol)
// and makes its real requests over a real socket. The server records what each request sent
// (method, path, form fields, Idempotency-Key) and replies as Stripe would. A request no test
// expected gets a 404 and fails `done()`: no call leaves the machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeClientOptions } from '../../src/services/payments/stripe-provider/stripe-client';

export interface StripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
  /** The form body flattened as Stripe encodes it: `metadata[orderId]`, `expand[0]`. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeReply {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

type Handler = {
  method: string;
  path: string | RegExp;
  left: number;
  reply: StripeReply | ((request: StripeRequest) => StripeReply | Promise<StripeReply>) | 'drop';
};

export interface StripeApi {
  requests: StripeRequest[];
  /** SDK options that send its requests here. */
  client: StripeClientOptions;
  /** Answers the next matching request (or `times` of them) with `reply`. */
  on(
    method: 'GET' | 'POST' | 'DELETE',
    /** A pattern answers every request it matches (a stateful stand-in); a path answers `times`. */
    path: string | RegExp,
    /** A function may first do what Stripe does meanwhile (send a webhook) before answering. */
    reply: StripeReply | ((request: StripeRequest) => StripeReply | Promise<StripeReply>),
    times?: number,
  ): void;
  /**
   * Reads the request, then closes the connection without an answer: the client cannot know
   * whether Stripe acted.
   */
  dropConnection(method: 'GET' | 'POST', path: string, times?: number): void;
  /**
   * A ConfirmationToken as Stripe.js makes it from a Payment Element created with `options`: it
   * carries the element's setup_future_usage, and Stripe refuses to confirm it with another.
   */
  confirmationToken(options: ElementOptions, method?: 'card' | 'klarna'): string;
  /** Every expected request came, and nothing else. */
  done(): void;
  reset(): void;
  close(): Promise<void>;
}

/** What a confirmation token keeps of the Elements options (as `@stripe/stripe-js` names them). */
export interface ElementOptions {
  setupFutureUsage?: string | null;
  paymentMethodOptions?: { card?: { setup_future_usage?: string | null } };
}

interface ElementToken {
  method: 'card' | 'klarna';
  setupFutureUsage: string | null;
  cardSetupFutureUsage: string | null;
}

/** Stripe's refusal of a confirm whose setup_future_usage is not the token's. */
function futureUsageMismatch(
  request: StripeRequest,
  token: ElementToken | undefined,
): StripeReply | null {
  if (!token) return null;
  const pairs: [string, string | null, string | null][] = [
    ['setup_future_usage', request.form.setup_future_usage ?? null, token.setupFutureUsage],
  ];
  if (token.method === 'card')
    pairs.push([
      'payment_method_options[card][setup_future_usage]',
      request.form['payment_method_options[card][setup_future_usage]'] ?? null,
      token.cardSetupFutureUsage,
    ]);
  const mismatch = pairs.find(([, sent, made]) => sent !== made);
  if (!mismatch) return null;
  const [param, sent, made] = mismatch;
  return stripeError(400, {
    type: 'invalid_request_error',
    param,
    message: `The provided ${param} (${sent ?? 'none'}) does not match the ${param} of the ConfirmationToken (${made ?? 'none'}). Create the Payment Element with the same value the PaymentIntent is confirmed with.`,
  });
}

export async function startStripeApi(): Promise<StripeApi> {
  const requests: StripeRequest[] = [];
  let handlers: Handler[] = [];
  let unexpected: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const body = Buffer.concat(chunks).toString('utf8');
      const request: StripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      };
      requests.push(request);
      const refusal = refuseAsStripeDoes(request, body);
      if (refusal) {
        reply(res, refusal);
        return;
      }
      const handler = handlers.find(
        (candidate) =>
          candidate.left > 0 &&
          candidate.method === request.method &&
          (typeof candidate.path === 'string'
            ? candidate.path === request.path
            : candidate.path.test(request.path)),
      );
      if (!handler) {
        unexpected.push(`${request.method} ${request.path}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'unexpected' } }),
        );
        return;
      }
      handler.left -= 1;
      if (handler.reply === 'drop') {
        req.socket.destroy();
        return;
      }
      const answer = handler.reply;
      void Promise.resolve(typeof answer === 'function' ? answer(request) : answer).then(
        (replied) => reply(res, replied),
        (error: unknown) => {
          unexpected.push(`${request.method} ${request.path} threw ${String(error)}`);
          req.socket.destroy();
        },
      );
    });
  });

  function reply(res: http.ServerResponse, answer: StripeReply) {
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
  }

  // Stripe remembers what each idempotency key was first sent with (for 24 hours) and refuses the
  // key with other parameters; a handler never sees such a request, as Stripe's own code would not.
  const firstUses = new Map<string, string>();
  const elementTokens = new Map<string, ElementToken>();
  function refuseAsStripeDoes(request: StripeRequest, body: string): StripeReply | null {
    if (request.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(request.path)) {
      const refusal = futureUsageMismatch(
        request,
        elementTokens.get(request.form.confirmation_token ?? ''),
      );
      if (refusal) return refusal;
    }
    const key = request.idempotencyKey;
    if (!key || request.method !== 'POST') return null;
    const sent = `${request.method} ${request.path}\n${body}`;
    const first = firstUses.get(key);
    if (first === undefined) firstUses.set(key, sent);
    else if (first !== sent)
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    return null;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    requests,
    client: { host: '127.0.0.1', port, protocol: 'http' },
    on(method, path, reply, times = typeof path === 'string' ? 1 : Infinity) {
      handlers.push({ method, path, reply, left: times });
    },
    confirmationToken(options, method = 'card') {
      const id = `ctoken_element_${elementTokens.size + 1}`;
      elementTokens.set(id, {
        method,
        setupFutureUsage: options.setupFutureUsage ?? null,
        cardSetupFutureUsage: options.paymentMethodOptions?.card?.setup_future_usage ?? null,
      });
      return id;
    },
    dropConnection(method, path, times = 1) {
      handlers.push({ method, path, reply: 'drop', left: times });
    },
    done() {
      const waiting = handlers
        .filter((handler) => handler.left > 0 && typeof handler.path === 'string')
        .map((handler) => `${handler.method} ${handler.path}`);
      expect({ unexpected, waiting }).toEqual({ unexpected: [], waiting: [] });
    },
    reset() {
      requests.length = 0;
      firstUses.clear();
      elementTokens.clear();
      handlers = [];
      unexpected = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A Stripe error body, as the API answers a refused request. */
export function stripeError(
  status: number,
  error: Record<string, unknown>,
  headers?: Record<string, string>,
): StripeReply {
  return { status, body: { error }, headers };
}

export const ok = (body: object): StripeReply => ({ status: 200, body });

/**
 * GET /v1/prices as Stripe answers a lookup: those of `prices()` (read on every request, so a
 * test can change them) whose lookup key the request names in `lookup_keys[n]`.
 */
export function pricesByLookupKey(prices: () => readonly { lookup_key: string }[]) {
  return (request: StripeRequest): StripeReply => {
    const asked = new Set(
      Object.entries(request.query)
        .filter(([field]) => field.startsWith('lookup_keys['))
        .map(([, key]) => key),
    );
    return ok({
      object: 'list',
      data: prices().filter((price) => asked.has(price.lookup_key)),
      has_more: false,
      url: '/v1/prices',
    });
  };
}
