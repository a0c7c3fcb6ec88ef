import { API_PATHS } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { DEFAULT_ARGON2_COST } from '../../../src/services/account/password-hasher';
import { SIGNUP_MAILS_PER_ADDRESS_PER_HOUR } from '../../../src/routes/account/signup-routes';
import { latestMailTo, signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../helpers/build-test-app';

// Sign-up must not tell anyone whether an email already has an account: not by status, body,
// cookies or timing. The owner learns of the attempt by mail instead.
describe('sign-up for a known email answers like one for a new email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signup = (email: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: { email, name: 'Curious Person', password: 'a-good-password-1', ...extra },
      remoteAddress,
    });
  const login = (username: string, password: string) =>
    t.inject({ method: 'POST', url: API_PATHS.login, payload: { username, password } });

  /** What a client can observe, minus the per-request id and clock. */
  const observable = (response: LightMyRequestResponse) => {
    const { 'x-request-id': _id, date: _date, ...headers } = response.headers;
    return { status: response.statusCode, body: response.json(), headers };
  };

  it('gives the same status, body, headers and (no) cookies', async () => {
    // Emails of the same length, so even content-length matches; one address each, so the
    // per-IP limit's counters match too.
    const known = await signup(DEMO_USER.email.toUpperCase(), {}, '198.51.100.1');
    const fresh = await signup('DEMO@bloodwisx.test', {}, '198.51.100.2');
    expect(DEMO_USER.email).toHaveLength('demo@bloodwisx.test'.length);
    expect(known.statusCode).toBe(202);
    expect(observable(known)).toEqual({
      ...observable(fresh),
      body: { email: DEMO_USER.email },
    });
    expect(observable(fresh).body).toEqual({ email: 'demo@bloodwisx.test' });
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
  });

  it('mails the owner a "someone tried" notice with log-in and reset links, and leaves the account alone', async () => {
    await signup(DEMO_USER.email, { name: 'Mallory', redirect: '/checkout' });
    const mail = await latestMailTo(t, DEMO_USER.email);
    expect(mail.subject).toBe('Someone tried to create a Bloodwise account with your email');
    expect(mail.text).toContain(`Hi ${DEMO_USER.name},`);
    expect(mail.text).not.toContain('Mallory');
    expect(mail.text).toContain(`${TEST_ORIGIN}/login?redirect=%2Fcheckout`);
    expect(mail.text).toContain(`${TEST_ORIGIN}/reset-password`);
    expect(mail.text).not.toContain('/signup/confirm');
    // Nothing about the account changed: the old password still works.
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
  });

  it('makes no account before the link is opened: logging in answers exactly like a wrong password', async () => {
    await signup('pending.person@example.com', { password: 'pending-password-1' });
    const pending = await login('pending.person@example.com', 'pending-password-1');
    const wrong = await login(DEMO_USER.email, 'not-the-password-1');
    expect(pending.statusCode).toBe(401);
    expect(pending.json()).toEqual(wrong.json());
    expect(pending.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(pending.headers['set-cookie']).toBeUndefined();
  });

  it(`stops mailing an address after ${SIGNUP_MAILS_PER_ADDRESS_PER_HOUR} sign-ups in an hour, known or new, without changing the answer`, async () => {
    for (const email of ['flooded.owner@example.com', 'flooded.stranger@example.com']) {
      if (email.includes('owner'))
        await signUpAndConfirm(t, { email, name: 'Owner', password: 'owner-password-12' });
      const before = await t.app.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', email)
        .execute();
      const answers: number[] = [];
      for (let attempt = 0; attempt < SIGNUP_MAILS_PER_ADDRESS_PER_HOUR + 2; attempt += 1)
        answers.push((await signup(email)).statusCode);
      expect(answers.every((status) => status === 202)).toBe(true);
      const after = await t.app.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', email)
        .execute();
      // The owner's own confirmation counted towards the hour too.
      const expected = email.includes('owner')
        ? SIGNUP_MAILS_PER_ADDRESS_PER_HOUR - 1
        : SIGNUP_MAILS_PER_ADDRESS_PER_HOUR;
      expect(after.length - before.length).toBe(expected);
    }
  });
});

describe('sign-up timing for known and new emails (real argon2 cost)', () => {
  let t: TestApp;
  const ROUNDS = 7;
  const known: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ app: { argon2Cost: DEFAULT_ARGON2_COST } });
    // One owner per round, so no address reaches the hourly mail cap (which would skip a write).
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `timing.owner.${round}@example.com`;
      await signUpAndConfirm(t, { email, name: 'Timing Owner', password: 'owner-password-12' });
      known.push(email);
    }
  }, 120_000);
  afterAll(() => t.close());

  async function timedSignup(email: string): Promise<number> {
    const started = process.hrtime.bigint();
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: { email, name: 'Timing Person', password: 'a-good-password-1' },
    });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    expect(response.statusCode).toBe(202);
    return elapsed;
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  it('takes about as long for both: the medians are within a factor of two', async () => {
    const knownTimes: number[] = [];
    const newTimes: number[] = [];
    // Interleaved, alternating which goes first, so load on the machine hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      const fresh = `timing.new.${round}@example.com`;
      if (round % 2 === 0) {
        knownTimes.push(await timedSignup(known[round]!));
        newTimes.push(await timedSignup(fresh));
      } else {
        newTimes.push(await timedSignup(fresh));
        knownTimes.push(await timedSignup(known[round]!));
      }
    }
    const ratio = median(knownTimes) / median(newTimes);
    console.info(
      `sign-up medians over ${ROUNDS}: known ${median(knownTimes).toFixed(1)} ms, new ${median(newTimes).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 120_000);
});
