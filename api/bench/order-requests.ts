import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { API_PATHS } from '@shop/shared/contract/paths';
import { sql } from 'kysely';
import type { Database } from '../src/db/schema';

/**
 * The order case's requests: every request is a new order with its own idempotency key and the
 * body `bodyOf(n)` makes for the n-th shopper (no price sent: the server prices it).
 */
export function orderRequests(origin: string, bodyOf: (n: number) => unknown): autocannon.Options {
  let shopper = 0;
  return {
    url: `${origin}${API_PATHS.orders}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          shopper += 1;
          return {
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify(bodyOf(shopper)),
          };
        },
      },
    ],
  };
}

/** How many card tokens a run of `seconds` needs: more than the fastest host's orders. */
export const tokensFor = (seconds: number) => 2_000 * (seconds + 2);

/**
 * Card tokens `tok_bench_1…count` as the provider's element hands them out (the card that
 * succeeds), made before a run so it measures orders only; each confirms one order.
 */
export async function mintCardTokens(db: Database, count: number): Promise<void> {
  await sql`insert into payment_tokens (id, type, brand, last4, exp_month, exp_year, test_behaviour, created_at)
    select 'tok_bench_' || n, 'card', 'visa', '4242', 12, 2099, 'succeed', now()
    from generate_series(1, ${count}) as n`.execute(db);
}

/** The n-th minted token as an order's payment method. */
export const mintedCard = (n: number) => ({
  type: 'token' as const,
  token: `tok_bench_${n}`,
  save: false,
});
