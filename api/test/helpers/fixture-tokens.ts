// Request bodies name test cards by a placeholder token (`tok_fixture_<card>`); the test app
// exchanges each for a fresh token from the test provider's own endpoint just before sending,
// since provider tokens are single-use and a fixture body is often sent more than once.
import type { FastifyInstance } from 'fastify';
import { createBnplTestToken, createTestToken, TEST_CARDS } from './test-tokens';

export type TestCardName = keyof typeof TEST_CARDS;

const FIXTURE_PREFIX = 'tok_fixture_';

/** A card payment with the named test card, as the provider's element would hand it over. */
export const cardToken = (card: TestCardName = 'succeeds', save = false) => ({
  type: 'token' as const,
  token: `${FIXTURE_PREFIX}${card}`,
  save,
});

/** The pay-later choice's token from the provider's element. */
export const BNPL_TOKEN = `${FIXTURE_PREFIX}bnpl`;

async function exchange(app: Pick<FastifyInstance, 'inject'>, value: string): Promise<string> {
  const name = value.slice(FIXTURE_PREFIX.length);
  if (name === 'bnpl') return createBnplTestToken(app);
  const number = TEST_CARDS[name as TestCardName];
  // A spoilt placeholder (hostile-input cases) goes as it is: a token the provider never made.
  if (!number) return value;
  return createTestToken(app, number);
}

/**
 * The payload a body object was last sent as: sending the same object again (an idempotent
 * retry) sends the same tokens, as a browser retrying its request would.
 */
const sent = new WeakMap<object, Promise<unknown>>();

/** The payload with every placeholder token replaced by a fresh provider token. */
export function withProviderTokens<T>(
  app: Pick<FastifyInstance, 'inject'>,
  payload: T,
): Promise<T> {
  if (!payload || typeof payload !== 'object') return exchangeAll(app, payload);
  // Requests racing with the same object share one exchange, as one browser's retries would.
  if (!sent.has(payload)) sent.set(payload, exchangeAll(app, payload));
  return sent.get(payload) as Promise<T>;
}

const PLACEHOLDER = new RegExp(`${FIXTURE_PREFIX}[A-Za-z]+`, 'g');

async function exchangeAll<T>(app: Pick<FastifyInstance, 'inject'>, payload: T): Promise<T> {
  // A body sent as JSON text (hostile-input cases) has its placeholders exchanged in place.
  if (typeof payload === 'string' && payload.includes(FIXTURE_PREFIX)) {
    let text: string = payload;
    for (const placeholder of new Set(payload.match(PLACEHOLDER)))
      text = text.split(placeholder).join(await exchange(app, placeholder));
    return text as T;
  }
  if (Array.isArray(payload))
    return (await Promise.all(payload.map((item) => exchangeAll(app, item)))) as T;
  if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
    const entries = await Promise.all(
      Object.entries(payload).map(async ([key, value]) => [key, await exchangeAll(app, value)]),
    );
    return Object.fromEntries(entries) as T;
  }
  return payload;
}
