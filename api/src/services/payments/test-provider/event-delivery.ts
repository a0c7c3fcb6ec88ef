// Delivers the test provider's events: claims due ones, signs each and hands it to the shop's
// webhook route, retrying until it answers 2xx. Started on ready and stopped on close, like the
// mail queue.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/schema';
import { claimDueEvents, markEventFailed, markEventsDelivered } from './events';

/** Posts a signed event body to the shop's webhook route; resolves with the HTTP status. */
export type DeliverEvent = (rawBody: string, signatureHeader: string) => Promise<number>;

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
  deliver: () => DeliverEvent | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

/** 1 s, 2 s, 4 s … up to a minute between tries of one event: delivery is in-process. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

export function createEventDelivery(db: Database, options: EventDeliveryOptions): EventDelivery {
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  // Passes run one after another, so a test's pass and the loop's never overlap in a process.
  let queue: Promise<unknown> = Promise.resolve();

  async function pass(now: Date): Promise<number> {
    const deliver = options.deliver();
    if (!deliver) return 0;
    await options.settle();
    let tried = 0;
    for (;;) {
      const batch = await claimDueEvents(db, { now, leaseMs, limit: batchSize });
      // Delivered events are marked together after the batch; a crash before that only sends
      // them again when their lease ends, and the webhook applies each event id once.
      const delivered: string[] = [];
      for (const event of batch) {
        let problem: string | null;
        try {
          const status = await deliver(event.body, options.sign(event.body));
          problem = status >= 200 && status < 300 ? null : `The webhook answered ${status}`;
        } catch (error) {
          problem = error instanceof Error ? error.message : String(error);
        }
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
    if (timer) clearTimeout(timer);
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
    wake: () => schedule(0),
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
