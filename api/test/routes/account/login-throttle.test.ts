import { API_PATHS } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import {
  LOGIN_THROTTLE_POLICY,
  loginLockDelayMs,
} from '../../../src/services/account/login-throttle';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { useTwoInstances } from '../../helpers/two-instances';

const FREE = LOGIN_THROTTLE_POLICY.freeFailures;

function attempt(
  t: TestApp,
  username: string,
  password: string,
  remoteAddress?: string,
  cookies?: Record<string, string>,
) {
  return t.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { username, password },
    remoteAddress,
    cookies,
  });
}

/** The device cookie a successful log-in gave the browser. */
function deviceCookieOf(response: LightMyRequestResponse): { name: string; value: string } {
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name.includes('bw_device_'));
  expect(cookie).toMatchObject({ httpOnly: true, path: API_PATHS.login, sameSite: 'Strict' });
  return { name: cookie!.name, value: cookie!.value };
}

/** A guesser's 30 wrong passwords from 15 addresses, as in the lock-out case above. */
async function guessFromEverywhere(t: TestApp, email: string) {
  for (let guess = 0; guess < 30; guess += 1)
    await attempt(t, email, `guess-number-${guess}`, `203.0.113.${guess % 15}`);
}

/** Ends the current wait as if it had run out, leaving the failure count as it is. */
async function endTheWait(t: TestApp) {
  await t.app.db
    .updateTable('login_throttle')
    .set({ locked_until: new Date(Date.now() - 1000) })
    .execute();
}

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

describe('per-account log-in throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stops 30 wrong passwords for one account spread over 15 addresses after the free ones', async () => {
    const email = 'target@example.com';
    await signUpAndConfirm(t, { email, name: 'Target', password: 'the-real-password-1' });
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess += 1) {
      const response = await attempt(t, email, `guess-number-${guess}`, `203.0.113.${guess % 15}`);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, FREE)).toEqual(Array(FREE).fill(401));
    expect(statuses.slice(FREE)).toEqual(Array(30 - FREE).fill(429));
    // Even the right password waits: the throttle is about the account, not the guess.
    const right = await attempt(t, email, 'the-real-password-1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Too many log-in attempts for this email\. Please try again in \d+ seconds\.$/,
        ),
      },
    });
    expect(retryAfter(right)).toBeGreaterThan(0);
    expect(retryAfter(right)).toBeLessThanOrEqual(LOGIN_THROTTLE_POLICY.baseDelayMs / 1000);
  });

  it('treats an email with no account exactly like a known one', async () => {
    const run = async (email: string) => {
      const responses: LightMyRequestResponse[] = [];
      for (let guess = 0; guess <= FREE; guess += 1)
        responses.push(await attempt(t, email, `wrong-password-${guess}`));
      return responses;
    };
    const known = await run(DEMO_USER.email);
    const unknown = await run('nobody.here@example.com');
    expect(unknown.map((r) => r.statusCode)).toEqual(known.map((r) => r.statusCode));
    expect(unknown.map((r) => r.json())).toEqual(known.map((r) => r.json()));
    expect(known.at(-1)!.statusCode).toBe(429);
    expect(retryAfter(unknown.at(-1)!)).toBe(retryAfter(known.at(-1)!));
  });

  it('doubles the wait with each further failure, and a success starts the count afresh', async () => {
    const email = 'backoff@example.com';
    await signUpAndConfirm(t, { email, name: 'Backoff', password: 'patient-password-1' });
    for (let guess = 0; guess < FREE; guess += 1) await attempt(t, email, `nope-${guess}`);
    expect(retryAfter(await attempt(t, email, 'nope'))).toBe(30);
    await endTheWait(t);
    expect((await attempt(t, email, 'still-wrong-1')).statusCode).toBe(401);
    expect(retryAfter(await attempt(t, email, 'nope'))).toBe(60);
    await endTheWait(t);
    expect((await attempt(t, email, 'patient-password-1')).statusCode).toBe(200);
    // Counted from zero again: the free failures are free again.
    for (let guess = 0; guess < FREE - 1; guess += 1)
      expect((await attempt(t, email, `again-${guess}`)).statusCode).toBe(401);
    expect((await attempt(t, email, 'patient-password-1')).statusCode).toBe(200);
  });

  it('waits 30 s after the fifth failure, doubling up to 15 minutes', () => {
    expect([4, 5, 6, 7, 9, 10, 20].map((failures) => loginLockDelayMs(failures) / 1000)).toEqual([
      0, 30, 60, 120, 480, 900, 900,
    ]);
  });
});

describe('device cookies: a browser that logged in before keeps its own allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("lets the owner's browser log in while a guesser has the account locked for everyone else", async () => {
    const email = 'owner@example.com';
    await signUpAndConfirm(t, { email, name: 'Owner', password: 'kept-secret-pass-1' });
    const device = deviceCookieOf(await attempt(t, email, 'kept-secret-pass-1', '192.0.2.10'));
    await guessFromEverywhere(t, email);
    // Without the cookie the right password waits, as before; with it, from a new address, it works.
    expect((await attempt(t, email, 'kept-secret-pass-1', '192.0.2.99')).statusCode).toBe(429);
    const owner = await attempt(t, email, 'kept-secret-pass-1', '192.0.2.99', {
      [device.name]: device.value,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email } });
    // The guesser is still slowed down.
    expect((await attempt(t, email, 'guess-after', '203.0.113.1')).statusCode).toBe(429);
  });

  it('gives no allowance to a forged cookie or to a cookie signed for another account', async () => {
    const email = 'victim@example.com';
    await signUpAndConfirm(t, { email, name: 'Victim', password: 'guarded-pass-phrase-2' });
    await signUpAndConfirm(t, {
      email: 'other@example.com',
      name: 'Other',
      password: 'different-pass-phrase-3',
    });
    const own = deviceCookieOf(await attempt(t, email, 'guarded-pass-phrase-2'));
    const other = deviceCookieOf(await attempt(t, 'other@example.com', 'different-pass-phrase-3'));
    expect(other.name).not.toBe(own.name);
    await guessFromEverywhere(t, email);
    const [userId, expires, nonce, signature] = own.value.split('.');
    const forgeries = [
      other.value,
      `${userId}.${expires}.${nonce}x.${signature}`,
      `${userId}.${Number(expires) + 86_400}.${nonce}.${signature}`,
      `${userId}.${expires}.${nonce}.${'A'.repeat(signature!.length)}`,
      'not-a-device-cookie',
    ];
    for (const value of forgeries) {
      const response = await attempt(t, email, 'guarded-pass-phrase-2', '192.0.2.20', {
        [own.name]: value,
      });
      expect(response.statusCode).toBe(429);
    }
    // The genuine cookie still works after all that.
    const genuine = await attempt(t, email, 'guarded-pass-phrase-2', '192.0.2.20', {
      [own.name]: own.value,
    });
    expect(genuine.statusCode).toBe(200);
  });

  it('limits a device that guesses wrong itself, on its own count', async () => {
    const email = 'forgetful@example.com';
    await signUpAndConfirm(t, { email, name: 'Forgetful', password: 'remembered-pass-phrase-4' });
    const device = deviceCookieOf(await attempt(t, email, 'remembered-pass-phrase-4'));
    const cookies = { [device.name]: device.value };
    for (let guess = 0; guess < FREE; guess += 1)
      expect((await attempt(t, email, `wrong-${guess}`, undefined, cookies)).statusCode).toBe(401);
    const locked = await attempt(t, email, 'remembered-pass-phrase-4', undefined, cookies);
    expect(locked.statusCode).toBe(429);
    expect(retryAfter(locked)).toBe(LOGIN_THROTTLE_POLICY.baseDelayMs / 1000);
    // The device's failures were its own: the account's shared allowance is untouched.
    expect((await attempt(t, email, 'remembered-pass-phrase-4')).statusCode).toBe(200);
  });
});

describe('the log-in throttle across two API instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  useTwoInstances((made) => ({ a, b } = made));

  it('counts failures on both instances together', async () => {
    expect(a.app).not.toBe(b.app);
    const statuses: number[] = [];
    for (let guess = 0; guess < FREE; guess += 1) {
      const instance = guess % 2 === 0 ? a : b;
      statuses.push((await attempt(instance, DEMO_USER.email, `wrong-${guess}`)).statusCode);
    }
    expect(statuses).toEqual(Array(FREE).fill(401));
    expect((await attempt(a, DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(429);
    expect((await attempt(b, DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(429);
  });

  it('honours a device cookie one instance gave on the other (one signing key in the database)', async () => {
    const email = 'two-machines@example.com';
    await signUpAndConfirm(a, { email, name: 'Two', password: 'shared-signing-key-5' });
    const device = deviceCookieOf(await attempt(a, email, 'shared-signing-key-5'));
    await guessFromEverywhere(b, email);
    expect((await attempt(b, email, 'shared-signing-key-5')).statusCode).toBe(429);
    const owner = await attempt(b, email, 'shared-signing-key-5', '192.0.2.30', {
      [device.name]: device.value,
    });
    expect(owner.statusCode).toBe(200);
  });
});
