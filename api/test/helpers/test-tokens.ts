import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_CARDS } from '@shop/payments-sandbox';

export { TEST_CARDS };

/** An expiry two years ahead: valid whenever the tests run. */
export const TEST_EXPIRY = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2 };

/** The app, or a test app (or one browser of it): anything requests can be injected into. */
interface Injectable {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

async function postToken(app: Injectable, payload: Record<string, unknown>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/test-provider/v1/tokens',
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(
      `The test provider refused the token (${response.statusCode}): ${response.body}`,
    );
  return response.json<{ id: string }>().id;
}

/**
 * A card token as the browser gets it from the provider's element (`tok_…`), made through the
 * provider's own endpoint: what the shop's API receives instead of card details.
 */
export function createTestToken(
  app: Injectable,
  cardNumber: string = TEST_CARDS.succeeds,
  card: { expMonth?: number; expYear?: number; cvc?: string } = {},
): Promise<string> {
  return postToken(app, { number: cardNumber, ...TEST_EXPIRY, cvc: '123', ...card });
}

/** A pay-later token, as the element gives it when the shopper picks "Pay later". */
export function createBnplTestToken(app: Injectable): Promise<string> {
  return postToken(app, { type: 'bnpl' });
}
