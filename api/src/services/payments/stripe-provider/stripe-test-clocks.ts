// Stripe's test clocks follow the shop clock. In test mode every customer the shop creates gets a
// clock of its own, frozen at the shop clock's now (a clock holds only a few customers), and
// moving the shop clock advances every clock behind it, so Stripe Billing renews, retries and
// sends its events for the moved time as it would months later. Live keys never use them.
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import {
  clocksBehind,
  noteTestClockAdvanced,
  saveTestClock,
} from '../../../repositories/stripe-test-clocks-repository';
import { defineJobKind, type JobQueue } from '../../jobs/job-queue';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import { stripeCall } from './stripe-errors';

export interface StripeTestClocks {
  /** A new clock at the shop's now for a customer about to be created under `key`. */
  clockForCustomer(key: string): Promise<string>;
  /** Notes which customer the clock holds. */
  attach(clockId: string, customerId: string): Promise<void>;
  /** Advances every clock behind `now` to it; throws after trying them all if any refused. */
  advanceTo(now: Date): Promise<number>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface StripeTestClocksOptions {
  secretKey: string;
  db: Database;
  /** The shop clock's now: a new clock starts there. */
  now: () => Date;
  client?: StripeClientOptions;
}

export function createStripeTestClocks(options: StripeTestClocksOptions): StripeTestClocks {
  if (/^(?:sk|rk)_live_/.test(options.secretKey))
    throw new Error('Stripe test clocks exist in test mode only, never with a live key.');
  const { db, now } = options;
  const stripe = createStripeClient(options.secretKey, options.client);
  return {
    async clockForCustomer(key) {
      const frozen = now();
      // The record and the time it is frozen at: the same customer key later makes a new clock,
      // never the old key with a new frozen_time (which Stripe refuses).
      const idempotencyKey = `test-clock:${key}:${seconds(frozen)}`;
      const clock = await stripeCall(
        () =>
          stripe.testHelpers.testClocks.create(
            { frozen_time: seconds(frozen), name: `shop ${key}`.slice(0, 300) },
            { idempotencyKey },
          ),
        idempotencyKey,
      );
      await saveTestClock(db, { id: clock.id, frozenTime: new Date(clock.frozen_time * 1000) });
      return clock.id;
    },

    attach: (clockId, customerId) => saveTestClock(db, { id: clockId, customerId }),

    async advanceTo(target) {
      const failures: unknown[] = [];
      let advanced = 0;
      for (const clock of await clocksBehind(db, target)) {
        const idempotencyKey = `test-clock:${clock.id}:advance:${seconds(target)}`;
        try {
          await stripe.testHelpers.testClocks.advance(
            clock.id,
            { frozen_time: seconds(target) },
            { idempotencyKey },
          );
          await noteTestClockAdvanced(db, clock.id, target);
          advanced += 1;
        } catch (error) {
          // Still advancing from the last move, or further than Stripe allows in one step.
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new Error(
          `${failures.length} Stripe test clock(s) did not advance: ${failures
            .map((error) => (error instanceof Error ? error.message : String(error)))
            .join('; ')}`,
        );
      return advanced;
    },
  };
}

/**
 * One job per move of the shop clock (its offset names it), one at a time: a clock Stripe is still
 * advancing refuses the next move, so the job retries until Stripe is ready.
 */
export const advanceTestClocksJob = defineJobKind({
  name: 'stripe.advance-test-clocks',
  payload: z.object({ offsetMs: z.number().int().min(0) }),
  maxAttempts: 10,
  backoff: { baseMs: 15_000, maxMs: 10 * 60_000 },
});

/** Makes the test clocks follow the shop clock: call `queue` whenever it moved (and at start). */
export function followShopClock(
  deps: { db: Database; jobs: JobQueue; clock: Clock & { offsetMs(): number } },
  testClocks: StripeTestClocks,
) {
  deps.jobs.handle(advanceTestClocksJob, async () => {
    await testClocks.advanceTo(deps.clock.now());
  });
  return {
    queue: async () => {
      const offsetMs = deps.clock.offsetMs();
      await deps.jobs.enqueue(
        deps.db,
        advanceTestClocksJob,
        { offsetMs },
        { key: `stripe-test-clocks:${offsetMs}`, singletonKey: 'stripe-test-clocks' },
      );
    },
  };
}
