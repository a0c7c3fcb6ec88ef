import type { Executor } from '../db/schema';
import { toCount } from '../lib/count';

/** How far the shop clock is moved ahead of the machine's (0 when never moved). */
export async function readClockOffset(db: Executor): Promise<number> {
  const row = await db.selectFrom('clock_offset').select('offset_ms').executeTakeFirst();
  return row ? toCount(row.offset_ms) : 0;
}

/** Moves the shop clock `byMs` further ahead; answers the new offset. */
export async function addClockOffset(db: Executor, byMs: number, at: Date): Promise<number> {
  const row = await db
    .insertInto('clock_offset')
    .values({ id: true, offset_ms: byMs, updated_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        offset_ms: eb('clock_offset.offset_ms', '+', byMs),
        updated_at: at,
      })),
    )
    .returning('offset_ms')
    .executeTakeFirstOrThrow();
  return toCount(row.offset_ms);
}
