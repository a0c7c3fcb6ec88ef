// A write that fails as a crash would: a trigger makes the database refuse to move a row to one
// status, every time or only the first time (a sequence counts: its value survives the rollback).
import { sql } from 'kysely';
import type { Database } from '../../src/db/schema';

/** Refuses moving a row of `table` to `status` until the returned undo runs. */
export async function refuseStatus(
  db: Database,
  table: 'orders' | 'upgrades',
  status: string,
  { once = false }: { once?: boolean } = {},
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${status.replace(/\W/g, '_')}${once ? '_once' : ''}`;
  if (once) await sql.raw(`create sequence ${name}_seq`).execute(db);
  const firstOnly = once ? `and old.status <> '${status}' and nextval('${name}_seq') = 1` : '';
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $$
       begin
         if new.status = '${status}' ${firstOnly} then
           raise exception 'forced failure: % refused', new.status;
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${name} before update on ${table} for each row execute function ${name}()`)
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(`drop function ${name}()`).execute(db);
    if (once) await sql.raw(`drop sequence ${name}_seq`).execute(db);
  };
}
