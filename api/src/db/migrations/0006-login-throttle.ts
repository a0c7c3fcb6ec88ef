import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Failed log-ins per account, in the database so every API instance counts the same failures.
// Keyed by a hash of the normalised email whether or not an account has it, so a known and an
// unknown email are throttled alike; a row goes away on the next successful log-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table login_throttle (
      email_hash text primary key,
      failures integer not null check (failures > 0),
      last_failed_at timestamptz not null,
      locked_until timestamptz
    )`,
    `create index login_throttle_last_failed_idx on login_throttle (last_failed_at)`,
  ]);
}
