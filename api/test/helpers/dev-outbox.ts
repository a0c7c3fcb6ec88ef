// The dev outbox as a test reads it: every message queued for one address, through the API.
import { API_PATHS } from '@shop/shared/contract/paths';
import type { TestApp } from './build-test-app';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The messages queued for `to`, oldest first; fails the test unless the outbox answers 200. */
export async function outboxFor(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(to)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().messages;
}
