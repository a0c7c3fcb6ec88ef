import { API_PATHS } from '@shop/shared/contract/paths';
import { DEMO_LEGACY_USER, DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { hashToken } from '../../../src/lib/tokens';
import type { MailMessage } from '../../../src/lib/email';
import type { Mailer } from '../../../src/services/mail/mailer';
import { signUpAndConfirm } from '../../helpers/accounts';
import {
  buildTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
} from '../../helpers/build-test-app';

describe('password reset', () => {
  let t: TestApp;
  const email = 'reset.me@example.com';
  const oldPassword = 'old-password-123';

  beforeAll(async () => {
    t = await buildTestApp();
    await signUpAndConfirm(t, { email, name: 'Reset Me', password: oldPassword });
  });
  afterAll(() => t.close());

  async function requestLink(address: string): Promise<string> {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPassword,
      payload: { email: address },
    });
    expect(response.json()).toEqual({ ok: true });
    const outbox = await t.inject({
      method: 'GET',
      url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(address.trim().toLowerCase())}`,
    });
    const [latest] = outbox.json().messages;
    const match = /\/reset-password\?linkId=([A-Za-z0-9_-]+)/.exec(latest.text);
    if (!match) throw new Error(`No reset link in: ${latest.text}`);
    expect(latest.text).toContain(`${TEST_ORIGIN}/reset-password?linkId=`);
    return match[1]!;
  }

  const login = (password: string) =>
    t.inject({ method: 'POST', url: API_PATHS.login, payload: { username: email, password } });

  it('emails a link on the site origin; the new password works, the old one does not, old sessions end', async () => {
    const session = sessionCookieFrom(await login(oldPassword));
    const linkId = await requestLink(`  ${email.toUpperCase()}`);
    // Only the hash is stored.
    const stored = await t.app.db.selectFrom('password_reset_links').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).toContain(hashToken(linkId));
    expect(stored.map((row) => row.id_hash)).not.toContain(linkId);

    const callback = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'new-password-456' },
    });
    expect(callback.statusCode).toBe(200);
    expect((await login('new-password-456')).statusCode).toBe(200);
    expect((await login(oldPassword)).statusCode).toBe(401);
    const me = await t.inject({
      method: 'GET',
      url: API_PATHS.cmsInfo,
      headers: { cookie: session },
    });
    expect(me.json()).toBeNull();
  });

  it('refuses a link used twice', async () => {
    const linkId = await requestLink(email);
    const first = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'third-password-789' },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'fourth-password-0' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_LINK_USED');
    expect((await login('fourth-password-0')).statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    const linkId = await requestLink(email);
    await t.app.db
      .updateTable('password_reset_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id_hash', '=', hashToken(linkId))
      .execute();
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'expired-password-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('RESET_LINK_EXPIRED');
  });

  it('checks a link without using it: usable until used, then says it was used', async () => {
    const linkId = await requestLink(email);
    const check = () =>
      t.inject({
        method: 'GET',
        url: `${API_PATHS.resetPasswordLink}?linkId=${encodeURIComponent(linkId)}`,
      });
    for (let n = 0; n < 2; n += 1) {
      const open = await check();
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({ usable: true });
      expect(open.headers['cache-control']).toBe('private, no-store');
    }
    const used = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'checked-password-1' },
    });
    expect(used.statusCode).toBe(200);
    const after = await check();
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toEqual({
      code: 'RESET_LINK_USED',
      message: 'This reset link was already used. Request a new one.',
    });
    const unknown = await t.inject({
      method: 'GET',
      url: `${API_PATHS.resetPasswordLink}?linkId=made-up-link-id`,
    });
    expect(unknown.json().error.code).toBe('RESET_LINK_UNKNOWN');
  });

  it('refuses an unknown link', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId: 'made-up-link-id', password: 'whatever-password-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('RESET_LINK_UNKNOWN');
  });

  it('a newer reset makes older outstanding links stop working', async () => {
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: API_PATHS.resetPasswordCallback,
          payload: { linkId: newer, password: 'newest-password-1' },
        })
      ).statusCode,
    ).toBe(200);
    const stale = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId: older, password: 'stale-password-12' },
    });
    expect(stale.json().error.code).toBe('RESET_LINK_USED');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = await t.app.db.selectFrom('outbox').select('id').execute();
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPassword,
      payload: { email: 'ghost@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await t.app.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('lets a legacy (old store) account set a password, after which it is no longer legacy', async () => {
    const legacyBefore = await t.inject({
      method: 'GET',
      url: `${API_PATHS.oldStore}?email=${DEMO_LEGACY_USER.email}`,
    });
    expect(legacyBefore.json()).toEqual({ legacy: true });
    const linkId = await requestLink(DEMO_LEGACY_USER.email);
    await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId, password: 'migrated-password-1' },
    });
    const loginResponse = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_LEGACY_USER.email, password: 'migrated-password-1' },
    });
    expect(loginResponse.statusCode).toBe(200);
    const legacyAfter = await t.inject({
      method: 'GET',
      url: `${API_PATHS.oldStore}?email=${DEMO_LEGACY_USER.email}`,
    });
    expect(legacyAfter.json()).toEqual({ legacy: false });
  });

  it.each([
    [API_PATHS.resetPassword, { email: 'not-an-email' }, 'email'],
    [API_PATHS.resetPasswordCallback, { password: 'long-enough-pass-1' }, 'linkId'],
    [API_PATHS.resetPasswordCallback, { linkId: 'abc', password: 'short' }, 'password'],
  ])('validates %s %j', async (url, payload, field) => {
    const response = await t.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('old-store: false for a normal account and unknown emails, 400 without an email', async () => {
    expect(
      (await t.inject({ method: 'GET', url: `${API_PATHS.oldStore}?email=${email}` })).json(),
    ).toEqual({ legacy: false });
    expect(
      (
        await t.inject({ method: 'GET', url: `${API_PATHS.oldStore}?email=nobody@example.com` })
      ).json(),
    ).toEqual({ legacy: false });
    const missing = await t.inject({ method: 'GET', url: API_PATHS.oldStore });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('email');
  });
});

describe('password reset with a mail server (SMTP)', () => {
  let t: TestApp;
  let delivered: Array<(message: MailMessage) => void> = [];
  // A mail server that takes each message but never says it is done.
  const stuckMailer: Mailer = {
    kind: 'smtp',
    send: (message) => {
      delivered.forEach((resolve) => resolve(message));
      delivered = [];
      return new Promise<void>(() => undefined);
    },
    close: async () => undefined,
  };
  const nextSend = () => new Promise<MailMessage>((resolve) => delivered.push(resolve));

  beforeAll(async () => {
    t = await buildTestApp({ app: { mailer: stuckMailer } });
  });
  afterAll(() => t.close());

  it('answers although delivery never finishes: the mail is queued and sent after the answer', async () => {
    const sending = nextSend();
    // Were the request to wait for the mail server, this would never settle (the test times out).
    const [response, message] = await Promise.all([
      t.inject({
        method: 'POST',
        url: API_PATHS.resetPassword,
        payload: { email: DEMO_USER.email },
      }),
      sending,
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(message.to).toBe(DEMO_USER.email);
    expect(message.text).toContain(`${TEST_ORIGIN}/reset-password?linkId=`);
    const queued = await t.app.db
      .selectFrom('outbox')
      .select(['delivered_at', 'attempts'])
      .where('to_address', '=', DEMO_USER.email)
      .execute();
    expect(queued).toEqual([{ delivered_at: null, attempts: 1 }]);
  });
});
