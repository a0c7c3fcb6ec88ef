// Delivers the test provider's events: claims due ones, signs each and hands the batch to the
// shop, retrying each event until it is accepted. Started on ready and stopped on close, like the
// mail queue.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/schema';
import { claimDueEvents, markEventFailed, markEventsDelivered, type ClaimedEvent } from './events';

/** Posts a signed event body to the shop's webhook route; resolves with the HTTP status. */
export type DeliverEvent = (rawBody: string, signatureHeader: string) => Promise<number>;

export interface SignedEvent {
  rawBody: string;
  signatureHeader: string;
}

/**
 * Hands a batch of signed events to the shop; resolves, in the batch's order, with null for each
 * event accepted and why for each one refused (those are tried again later).
 */
export type DeliverEvents = (events: readonly SignedEvent[]) => Promise<Array<string | null>>;

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A target that takes one event per call (an HTTP endpoint), given the batch one at a time. */
export function oneByOne(deliver: DeliverEvent): DeliverEvents {
  return async (events) => {
    const problems: Array<string | null> = [];
    for (const event of events) {
      try {
        const status = await deliver(event.rawBody, event.signatureHeader);
        problems.push(status >= 200 && status < 300 ? null : `The webhook answered ${status}`);
      } catch (error) {
        problems.push(problemOf(error));
      }
    }
    return problems;
  };
}

export interface EventDelivery {
  /** Settles what is due, then delivers every due event; resolves with how many were tried. */
  deliverPending(now?: Date): Promise<number>;
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export interface EventDeliveryOptions {
  sign: (body: string) => string;
  /** Moves intents that settle on their own (approved pay-later) before delivering. */
  settle: () => Promise<unknown>;
  deliver: () => DeliverEvents | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
  /** How long a wake waits, so the events of many requests go out in one batch. */
  wakeDelayMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

/** Signs a batch and hands it over: why each event was refused, or null for each one accepted. */
async function handOver(
  deliver: DeliverEvents,
  batch: readonly ClaimedEvent[],
  sign: (body: string) => string,
): Promise<Array<string | null>> {
  try {
    return await deliver(
      batch.map((event) => ({ rawBody: event.body, signatureHeader: sign(event.body) })),
    );
  } catch (error) {
    return batch.map(() => problemOf(error));
  }
}

/** 1 s, 2 s, 4 s … up to a minute between tries of one event: delivery is in-process. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

export function createEventDelivery(db: Database, options: EventDeliveryOptions): EventDelivery {
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const wakeDelayMs = options.wakeDelayMs ?? 50;
  const batchSize = options.batchSize ?? 100;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let timerDueAt = 0;
  // Passes run one after another, so a test's pass and the loop's never overlap in a process.
  let queue: Promise<unknown> = Promise.resolve();

  async function pass(now: Date): Promise<number> {
    const deliver = options.deliver();
    if (!deliver) return 0;
    await options.settle();
    // The events the settling just wrote are due in this pass too.
    const dueBy = new Date(Math.max(now.getTime(), Date.now()));
    let tried = 0;
    for (;;) {
      const batch = await claimDueEvents(db, { now: dueBy, leaseMs, limit: batchSize });
      // Delivered events are marked together after the batch; a crash before that only sends
      // them again when their lease ends, and the webhook applies each event id once.
      const delivered: string[] = [];
      if (batch.length === 0) return tried;
      const problems = await handOver(deliver, batch, options.sign);
      for (const [index, event] of batch.entries()) {
        const answer = problems[index];
        const problem = answer === undefined ? 'The shop did not answer for this event' : answer;
        if (problem === null) delivered.push(event.id);
        else {
          options.log?.warn({ eventId: event.id, attempts: event.attempts }, problem);
          await markEventFailed(db, event.id, {
            error: problem,
            retryAt: new Date(Date.now() + eventRetryDelayMs(event.attempts)),
          });
        }
      }
      await markEventsDelivered(db, delivered);
      tried += batch.length;
      if (batch.length < batchSize) return tried;
    }
  }

  function deliverPending(now = new Date()): Promise<number> {
    const run = queue.then(() => pass(now));
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    // A pass already due as soon serves this call too: wakes in a burst make one pass.
    if (timer && timerDueAt <= performance.now() + delayMs) return;
    if (timer) clearTimeout(timer);
    timerDueAt = performance.now() + delayMs;
    timer = setTimeout(() => {
      timer = null;
      deliverPending()
        .catch((error: unknown) => {
          if (!stopped) options.log?.error({ err: error }, 'payment event delivery failed');
        })
        .finally(() => schedule(pollMs));
    }, delayMs);
    timer.unref();
  }

  return {
    deliverPending,
    wake: () => schedule(wakeDelayMs),
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // A pass in flight finishes before the database closes under it.
      await queue;
    },
  };
}
