// The clock the app makes once and hands to every job. In production it is the machine's time and
// nothing can move it (the stored offset is not even read). Elsewhere it runs ahead of the machine
// by an offset kept in the database, so every instance agrees and a restart keeps the moved time.
import { addClockOffset, readClockOffset } from '../../repositories/clock-repository';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createOffsetClock, systemClock, type Clock } from '../../lib/clock';

export interface ShopClock extends Clock {
  /** False in production: advance always refuses there. */
  readonly movable: boolean;
  /** How far ahead of the machine's time the clock runs, in ms. */
  offsetMs(): number;
  /** Moves the clock `byMs` forward for every instance; refused in production. */
  advance(byMs: number): Promise<{ offsetMs: number; now: Date }>;
  /** Reads the stored offset again (another instance moved it); listeners hear of a change. */
  refresh(): Promise<void>;
  /** Called after the clock moved, here or (once refreshed) on another instance. */
  onChange(listener: () => void): void;
}

/** The answer in production to any attempt to move the clock. */
export function clockFrozenError(): AppError {
  return new AppError(409, 'CONFLICT', 'The clock cannot be moved in production.');
}

export interface ShopClockOptions {
  db: Database;
  production: boolean;
  /** The time the offset is added to; the machine's by default. */
  base?: Clock;
  /** Tells other instances the clock moved (PostgreSQL NOTIFY); they call refresh. */
  publish?: () => Promise<void>;
}

export async function createShopClock(options: ShopClockOptions): Promise<ShopClock> {
  const base = options.base ?? systemClock;
  const listeners: Array<() => void> = [];
  if (options.production) {
    return {
      movable: false,
      now: () => base.now(),
      offsetMs: () => 0,
      advance: async () => {
        throw clockFrozenError();
      },
      refresh: async () => undefined,
      onChange: (listener) => listeners.push(listener),
    };
  }

  const clock = createOffsetClock(base, await readClockOffset(options.db));
  const apply = (offsetMs: number) => {
    if (offsetMs === clock.offsetMs()) return;
    clock.setOffsetMs(offsetMs);
    for (const listener of listeners) listener();
  };
  return {
    movable: true,
    now: () => clock.now(),
    offsetMs: () => clock.offsetMs(),
    async advance(byMs) {
      if (!Number.isSafeInteger(byMs) || byMs <= 0)
        throw new AppError(400, 'BAD_REQUEST', 'The clock only moves forward.');
      apply(await addClockOffset(options.db, byMs, base.now()));
      await options.publish?.();
      return { offsetMs: clock.offsetMs(), now: clock.now() };
    },
    async refresh() {
      apply(await readClockOffset(options.db));
    },
    onChange: (listener) => listeners.push(listener),
  };
}
