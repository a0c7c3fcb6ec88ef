import { API_PATHS } from '@shop/shared/contract/paths';
import { inviteOperator } from '../../src/services/operations/operator-invite';
import { latestMailTo } from './accounts';
import { sessionCookieFrom, type TestApp } from './build-test-app';

export const OPERATOR_PASSWORD = 'Harbour-Lantern-5821!';

/** The link id of the set-password link in the newest mail to `email`. */
export async function setPasswordLinkIdFor(t: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  const linkId = /\/reset-password\?linkId=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!linkId) throw new Error(`No set-password link in: ${mail.text}`);
  return decodeURIComponent(linkId);
}

async function logIn(t: TestApp, email: string, password: string): Promise<string> {
  const login = await t.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { username: email, password },
  });
  return sessionCookieFrom(login);
}

/** An operator as `shop operator add` makes one: invited, password set through the mailed link, logged in. */
export async function operatorSession(t: TestApp, email = 'ops@bloodwise.test'): Promise<string> {
  await inviteOperator(t.app.db, t.app.mailQueue, {
    email,
    publicOrigin: t.config.publicOrigin,
    actor: { userId: null, name: 'test', via: 'cli-direct' },
  });
  const linkId = await setPasswordLinkIdFor(t, email);
  const set = await t.inject({
    method: 'POST',
    url: API_PATHS.resetPasswordCallback,
    payload: { linkId, password: OPERATOR_PASSWORD },
  });
  if (set.statusCode !== 200)
    throw new Error(`Setting the password answered ${set.statusCode}: ${set.body}`);
  return logIn(t, email, OPERATOR_PASSWORD);
}

/** The seeded demo shopper's session. */
export function shopperSession(t: TestApp): Promise<string> {
  return logIn(t, 'demo@bloodwise.test', 'bloodwise-demo-1');
}
