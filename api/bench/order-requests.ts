import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { API_PATHS } from '@shop/shared/contract/paths';

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
