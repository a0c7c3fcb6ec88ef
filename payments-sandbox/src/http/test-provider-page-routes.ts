import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TestPaymentProvider } from '../sandbox-provider';
import { AUTHENTICATE_SCRIPT, authenticatePage, bnplPage, messagePage } from './pages/action-pages';
import { ELEMENT_SCRIPT, elementPage } from './pages/element-page';
import { PAGE_HEADERS, SCRIPT_HEADERS, STYLES } from './pages/page-shell';
import {
  bnplDecisionBodySchema,
  bnplPageQuerySchema,
  clientSecretQuerySchema,
  elementQuerySchema,
  TEST_PROVIDER_PATHS,
} from './test-provider-schemas';

const RATE_LIMIT = { max: 300, timeWindow: 60_000 };
const hidden = { hide: true };

/**
 * Where the pay-later page may send the shopper back: a path on this site or one of the shop's
 * own origins, never elsewhere (the page must not be an open redirect).
 */
export function safeReturnUrl(returnUrl: string | null, allowedOrigins: readonly string[]) {
  if (!returnUrl) return null;
  if (returnUrl.startsWith('/') && !returnUrl.startsWith('//')) return returnUrl;
  try {
    return allowedOrigins.includes(new URL(returnUrl).origin) ? returnUrl : null;
  } catch {
    return null;
  }
}

/** Stripe's way back from a redirect: the return URL with the intent and how the step ended. */
function withRedirectResult(
  returnUrl: string,
  intentId: string,
  clientSecret: string,
  ok: boolean,
) {
  const url = new URL(returnUrl, 'http://return.invalid');
  url.searchParams.set('payment_intent', intentId);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', ok ? 'succeeded' : 'failed');
  return url.origin === 'http://return.invalid' ? `${url.pathname}${url.search}` : url.href;
}

/** The provider's pages: its card element, the 3-D Secure challenge and the pay-later approval. */
export const testProviderPageRoutes: FastifyPluginAsyncZod<{
  provider: TestPaymentProvider;
  returnOrigins: readonly string[];
}> = async (app, { provider, returnOrigins }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const asset = (url: string, type: string, content: string) =>
    app.get(url, { config: { rateLimit: RATE_LIMIT }, schema: hidden }, async (_request, reply) =>
      reply.headers(SCRIPT_HEADERS).type(type).send(content),
    );
  asset(TEST_PROVIDER_PATHS.elementScript, 'text/javascript; charset=utf-8', ELEMENT_SCRIPT);
  asset(
    TEST_PROVIDER_PATHS.authenticateScript,
    'text/javascript; charset=utf-8',
    AUTHENTICATE_SCRIPT,
  );
  asset(TEST_PROVIDER_PATHS.styles, 'text/css; charset=utf-8', STYLES);

  app.get(
    TEST_PROVIDER_PATHS.element,
    { config: { rateLimit: RATE_LIMIT }, schema: { ...hidden, querystring: elementQuerySchema } },
    async (request, reply) => {
      const methods = (request.query.methods ?? 'card').split(',');
      return reply
        .headers(PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(elementPage(methods));
    },
  );

  app.get(
    TEST_PROVIDER_PATHS.authenticatePage,
    {
      config: { rateLimit: RATE_LIMIT },
      schema: { ...hidden, querystring: clientSecretQuerySchema },
    },
    async (request, reply) => {
      const clientSecret = request.query.client_secret;
      const subject = await provider.lookupClientSecret(clientSecret);
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
      if (!subject)
        return reply.code(404).send(messagePage('Payment not found', 'This payment is unknown.'));
      return reply.send(
        authenticatePage(
          clientSecret,
          subject.kind === 'setup' ? null : subject.amount,
          subject.currency,
        ),
      );
    },
  );

  app.get(
    TEST_PROVIDER_PATHS.bnplPage,
    { config: { rateLimit: RATE_LIMIT }, schema: { ...hidden, querystring: bnplPageQuerySchema } },
    async (request, reply) => {
      const clientSecret = request.query.client_secret;
      const subject = await provider.lookupClientSecret(clientSecret);
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
      if (subject?.kind !== 'payment' || subject.amount === null)
        return reply.code(404).send(messagePage('Payment not found', 'This payment is unknown.'));
      return reply.send(bnplPage(clientSecret, subject.amount, subject.currency));
    },
  );

  app.post(
    TEST_PROVIDER_PATHS.bnplPage,
    { config: { rateLimit: RATE_LIMIT }, schema: { ...hidden, body: bnplDecisionBodySchema } },
    async (request, reply) => {
      const { client_secret: clientSecret, decision } = request.body;
      const result = await provider.decidePayLater(clientSecret, decision);
      const subject = result && (await provider.lookupClientSecret(clientSecret));
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
      if (!result || !subject)
        return reply.code(404).send(messagePage('Payment not found', 'This payment is unknown.'));
      const ok = result.status === 'processing' || result.status === 'succeeded';
      const back = safeReturnUrl(result.returnUrl, returnOrigins);
      if (back) return reply.redirect(withRedirectResult(back, subject.id, clientSecret, ok), 303);
      return reply.send(
        messagePage(ok ? 'Payment approved' : 'Payment declined', 'You can return to the shop.'),
      );
    },
  );
};
