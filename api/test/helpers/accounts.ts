import type { LightMyRequestResponse } from 'fastify';
import type { SignupBody } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import { listOutbox, type OutboxEntry } from '../../src/repositories/outbox-repository';
import type { TestApp } from './build-test-app';

/** The newest mail kept for an address (read from the table, whatever the outbox route allows). */
export async function latestMailTo(t: TestApp, email: string): Promise<OutboxEntry> {
  const [latest] = await listOutbox(t.app.db, email, 1);
  if (!latest) throw new Error(`No mail to ${email}`);
  return latest;
}

/** The token of the confirmation link in the newest mail to `email`. */
export async function confirmationTokenFor(t: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  const token = /\/signup\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No confirmation link in: ${mail.text}`);
  return decodeURIComponent(token);
}

export function confirmSignup(
  t: TestApp,
  token: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: API_PATHS.signupConfirm, payload: { token }, headers });
}

/** Signs up and opens the emailed link: returns the confirmation, which carries the session cookie. */
export async function signUpAndConfirm(
  t: TestApp,
  body: SignupBody,
): Promise<LightMyRequestResponse> {
  const signup = await t.inject({ method: 'POST', url: API_PATHS.signup, payload: body });
  if (signup.statusCode !== 202)
    throw new Error(`Sign-up answered ${signup.statusCode}: ${signup.body}`);
  const confirmed = await confirmSignup(t, await confirmationTokenFor(t, body.email));
  if (confirmed.statusCode !== 200)
    throw new Error(`Confirmation answered ${confirmed.statusCode}: ${confirmed.body}`);
  return confirmed;
}
