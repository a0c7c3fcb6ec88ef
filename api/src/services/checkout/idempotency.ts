// One click, one order: the client sends an idempotency key with every order request. The first
// request with a key does the work; a repeat with the same body gets the same order back; a
// repeat with a different body is refused with 422. Concurrent repeats wait for the first.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  takeOverDeclinedKey,
} from '../../repositories/idempotency-repository';

export interface IdempotentOutcome {
  orderId: string;
  statusCode: number;
  replayed: boolean;
}

export const IDEMPOTENCY_WAIT_MS = 20_000;
const POLL_MS = 40;

/**
 * A key answered with this status was declined: no money moved, so a repeat of that request gets
 * the same answer and another request (a new card) may take the key over.
 */
export const DECLINED_STATUS = 402;

/** How long a claim is its request's alone; an older unanswered one may be taken over (takeOverStale). */
export const CLAIM_LEASE_MS = 30_000;

export const idempotencyKeyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This idempotency key was already used for a different request',
  );

/** A stable fingerprint of a request: keys sorted, so property order does not matter. */
export function requestFingerprint(value: unknown): string {
  const canonical = (input: unknown): unknown => {
    if (Array.isArray(input)) return input.map(canonical);
    if (input && typeof input === 'object') {
      return Object.fromEntries(
        Object.entries(input as Record<string, unknown>)
          .filter(([, entry]) => entry !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, entry]) => [key, canonical(entry)]),
      );
    }
    return input;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

const KEEP_KEY = Symbol('keep idempotency key');

/**
 * Marks an error thrown after money moved: the key stays taken (not released), so a retry with
 * it waits or is refused and can never charge a second time.
 */
export function keepIdempotencyKey<T extends object>(error: T): T {
  Object.defineProperty(error, KEEP_KEY, { value: true });
  return error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A replayed request: the order its key's first request wrote, and that request's answer. */
interface ReplayedOutcome extends IdempotentOutcome {
  replayed: true;
}

/**
 * Runs `work` at most once per (scope, key) at a time. `work` must complete the key (with the
 * order id) in the same transaction that writes the order; if it throws, the key is released so
 * a corrected retry can run (unless the error was marked with keepIdempotencyKey). `work` gets
 * what the winning claim returned (true for a claim of the key alone) and its answer is handed
 * back as it is; a replay gets the first request's order id and status. A key answered
 * DECLINED_STATUS is taken over by a request with another body.
 */
export async function runIdempotent<
  Won = true,
  Done extends { orderId: string; statusCode: number } = { orderId: string; statusCode: number },
>(
  db: Database,
  {
    scope,
    key,
    fingerprint,
    waitMs = IDEMPOTENCY_WAIT_MS,
    clock = systemClock,
    // Claiming the key alone has nothing to hand on but the win (Won = true).
    claim = (() => claimIdempotencyKey(db, scope, key, fingerprint)) as () => Promise<Won | false>,
    takeOverStale,
  }: {
    scope: string;
    key: string;
    fingerprint: string;
    waitMs?: number;
    /** The machine's time: the wait's deadline and the claims' lease are measured by it. */
    clock?: Clock;
    /**
     * Claims the key (scope, key, fingerprint): what this request won, or false when another
     * request holds it; by default claimIdempotencyKey alone. A claim may write more in the same
     * statement (the consumer order writes its pending order), provided it all happens only
     * when it wins, and returns what it wrote for `work`.
     */
    claim?: () => Promise<Won | false>;
    /**
     * Takes over this request's own claim when it is older than `claimedBefore` (the lease) and
     * its request never got as far as moving money; true when it did. Without it, a claim is
     * waited for until the deadline.
     */
    takeOverStale?: (claimedBefore: Date) => Promise<boolean>;
  },
  work: (won: Won | true) => Promise<Done>,
): Promise<(Done & { replayed: false }) | ReplayedOutcome> {
  const deadline = clock.now().getTime() + waitMs;
  const run = async (won: Won | true) => {
    try {
      return { ...(await work(won)), replayed: false as const };
    } catch (error) {
      const keep = typeof error === 'object' && error !== null && KEEP_KEY in error;
      if (!keep) await releaseIdempotencyKey(db, scope, key);
      throw error;
    }
  };
  for (;;) {
    const won = await claim();
    if (won !== false) return run(won);
    const existing = await findIdempotencyKey(db, scope, key);
    // Released between our claim and this read: the first attempt failed, so try to claim again.
    if (!existing) continue;
    if (existing.requestHash !== fingerprint) {
      if (existing.responseStatus !== DECLINED_STATUS) throw idempotencyKeyReused();
      const claimed = { scope, key, declinedHash: existing.requestHash, requestHash: fingerprint };
      if (await takeOverDeclinedKey(db, claimed, DECLINED_STATUS)) return run(true);
      continue;
    }
    if (existing.orderId && existing.responseStatus) {
      return { orderId: existing.orderId, statusCode: existing.responseStatus, replayed: true };
    }
    const now = clock.now().getTime();
    if (takeOverStale && (await takeOverStale(new Date(now - CLAIM_LEASE_MS)))) return run(true);
    if (now > deadline) {
      throw new AppError(
        409,
        'CONFLICT',
        'This order is still being processed. Please wait a moment and reload.',
      );
    }
    await sleep(POLL_MS);
  }
}
