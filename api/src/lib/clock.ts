// The shop's one notion of "now" for business time: when a job is due, when a retry comes, when
// a payment is old enough to reconcile. Outside production it can be moved forward by an offset
// (persisted, so every instance agrees); the machine's own time is never changed.

export interface Clock {
  now(): Date;
}

/** The machine's time, unmoved. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock `offsetMs` ahead of `base`; the offset can change while it runs. */
export interface OffsetClock extends Clock {
  offsetMs(): number;
  setOffsetMs(offsetMs: number): void;
}

export function createOffsetClock(base: Clock = systemClock, offsetMs = 0): OffsetClock {
  let offset = offsetMs;
  return {
    now: () => new Date(base.now().getTime() + offset),
    offsetMs: () => offset,
    setOffsetMs(next) {
      offset = next;
    },
  };
}

/** A clock that stands still until told to move: for tests that decide what time it is. */
export interface ManualClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function createManualClock(start: Date): ManualClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set(next) {
      at = next.getTime();
    },
    advance(ms) {
      at += ms;
    },
  };
}

const DURATION_UNITS: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/**
 * A forward step such as `31d`, `12h`, `90m` or `1w2d` in milliseconds, or null when the text is
 * not one. Days are 24 hours: the clock moves by elapsed time, not by calendar months.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (!/^(\d+[smhdw])+$/.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhdw])/g))
    total += Number(amount) * DURATION_UNITS[unit!]!;
  return total > 0 && Number.isSafeInteger(total) ? total : null;
}
