import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/schema';
import {
  claimDueMail,
  insertOutboxMessage,
  markMailDelivered,
  markMailFailed,
} from '../../repositories/outbox-repository';
import { systemClock, type Clock } from '../../lib/clock';
import type { MailMessage } from '../../lib/email';
import type { Mailer } from './mailer';

/**
 * The outbox table is the mail queue. A route queues its mail in its own transaction and answers;
 * the sender delivers after the response, so no request waits on SMTP (and a slow mail server
 * cannot tell an attacker which emails have accounts).
 */
/** Options of one queued message. */
export interface EnqueueMailOptions {
  /** Sends the message once per key: a message queued again with the same key is dropped. */
  dedupeKey?: string;
}

export interface MailQueue {
  /**
   * Queues a message through `executor` (inside a transaction, its trx). Sends nothing. Takes the
   * rendering too (templates render asynchronously). False when the dedupe key was taken.
   */
  enqueue(
    executor: Executor,
    message: MailMessage | Promise<MailMessage>,
    options?: EnqueueMailOptions,
  ): Promise<boolean>;
  /** Asks the sender to look at the queue now; call once the transaction has committed. */
  wake(): void;
  /** Sends the mail that is due; resolves with how many messages were tried. */
  deliverDue(now?: Date): Promise<number>;
  /** Starts the sender: it polls for mail other instances queued and for retries. */
  start(): void;
  /** Stops the sender. A delivery in flight is not awaited; its lease lets a later run retry it. */
  stop(): void;
}

export interface MailQueueOptions {
  from: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** The shop clock: due times and retries. */
  clock?: Clock;
}

/** Tries of one message; one that used them all stays undelivered with its last error (dead). */
export const MAIL_MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min … up to an hour between tries of one message. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createMailQueue(
  db: Database,
  mailer: Mailer,
  options: MailQueueOptions,
): MailQueue {
  const { from, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const clock = options.clock ?? systemClock;

  if (mailer.kind === 'outbox') {
    // Dev mail ends in the table: queued is delivered, and there is no sender to run.
    return {
      enqueue: async (executor, message, enqueueOptions) =>
        insertOutboxMessage(
          executor,
          { ...(await message), from },
          { delivered: true, now: clock.now(), dedupeKey: enqueueOptions?.dedupeKey },
        ),
      wake() {},
      deliverDue: async () => 0,
      start() {},
      stop() {},
    };
  }

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let wokenWhileRunning = false;

  async function deliverDue(now = clock.now()): Promise<number> {
    const batch = await claimDueMail(db, { now, leaseMs, limit: batchSize, maxAttempts });
    for (const mail of batch) {
      try {
        await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await markMailDelivered(db, mail.id, clock.now());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log?.warn({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail delivery failed');
        await markMailFailed(db, mail.id, {
          error: message,
          retryAt: new Date(clock.now().getTime() + mailRetryDelayMs(mail.attempts)),
        });
      }
    }
    return batch.length;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  }

  async function run() {
    timer = null;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = true;
    try {
      // A full batch suggests more is waiting.
      while (!stopped && (await deliverDue()) === batchSize);
    } catch (error) {
      if (!stopped) log?.error({ err: error }, 'mail sender failed');
    } finally {
      running = false;
      const again = wokenWhileRunning;
      wokenWhileRunning = false;
      schedule(again ? 0 : pollMs);
    }
  }

  return {
    enqueue: async (executor, message, enqueueOptions) =>
      insertOutboxMessage(
        executor,
        { ...(await message), from },
        { delivered: false, now: clock.now(), dedupeKey: enqueueOptions?.dedupeKey },
      ),
    wake: () => schedule(0),
    deliverDue,
    start() {
      stopped = false;
      schedule(0);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
