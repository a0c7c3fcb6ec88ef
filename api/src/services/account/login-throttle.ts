import type { Executor } from '../../db/schema';
import { normaliseEmail } from '../../lib/email';
import { hashToken } from '../../lib/tokens';
import {
  clearLoginThrottle,
  findLoginLock,
  lockLogin,
  recordLoginFailure,
} from '../../repositories/login-throttle-repository';

/**
 * Per-account log-in throttle, on top of the per-IP limit: an attacker spreading guesses over
 * many addresses still meets it. Known and unknown emails go through it alike.
 */
export const LOGIN_THROTTLE_POLICY = {
  /** Failures allowed before the account waits. */
  freeFailures: 5,
  /** A failure after this long without one starts the count afresh. */
  windowMs: 60 * 60_000,
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

export type LoginThrottlePolicy = typeof LOGIN_THROTTLE_POLICY;

/** How long the account waits after its `failures`-th failure in a row. */
export function loginLockDelayMs(
  failures: number,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE_POLICY,
): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures));
}

/**
 * Whose failures an attempt counts against: the email's shared allowance, or the allowance of a
 * browser that carries a valid device cookie for the account (one per device nonce).
 */
export type LoginAllowance = { email: string } | { userId: string; device: string };

// A hash keeps the emails people merely typed (including ones with no account) out of the table.
const keyFor = (allowance: LoginAllowance) =>
  'device' in allowance
    ? hashToken(`login-device:${allowance.userId}:${allowance.device}`)
    : hashToken(`login:${normaliseEmail(allowance.email)}`);

/** Milliseconds until a log-in on this allowance may be tried; 0 when it may be tried now. */
export async function loginWaitMs(
  db: Executor,
  allowance: LoginAllowance,
  now = new Date(),
): Promise<number> {
  const lockedUntil = await findLoginLock(db, keyFor(allowance));
  return lockedUntil ? Math.max(0, lockedUntil.getTime() - now.getTime()) : 0;
}

export async function noteLoginFailure(
  db: Executor,
  allowance: LoginAllowance,
  now = new Date(),
  policy: LoginThrottlePolicy = LOGIN_THROTTLE_POLICY,
): Promise<void> {
  const emailHash = keyFor(allowance);
  const failures = await recordLoginFailure(db, {
    emailHash,
    now,
    windowStart: new Date(now.getTime() - policy.windowMs),
  });
  const delay = loginLockDelayMs(failures, policy);
  if (delay > 0) await lockLogin(db, emailHash, new Date(now.getTime() + delay));
}

/** A successful log-in (or a password reset through the emailed link) clears the allowance's count. */
export async function clearLoginFailures(db: Executor, allowance: LoginAllowance): Promise<void> {
  await clearLoginThrottle(db, keyFor(allowance));
}
