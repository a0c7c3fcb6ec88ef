import { API_PATHS } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import {
  LOGIN_THROTTLE_POLICY,
  loginLockDelayMs,
} from '../../../src/services/account/login-throttle';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const FREE = LOGIN_THROTTLE_POLICY.freeFailures;

function attempt(t: TestApp, username: string, password: string, remoteAddress?: string) {
  return t.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { username, password },
    remoteAddress,
  });
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

describe('the log-in throttle across two API instances on one database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildTestApp({ database });
    // On PostgreSQL the second instance has its own pool; PGlite has one connection to share.
    b = await buildTestApp({
      database,
      handle: testBackend() === 'postgres' ? await database.openAnother() : undefined,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await database.drop();
  });

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
});
