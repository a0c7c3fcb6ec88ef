import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Request rate limits counted in the database, so every API instance answers from one count: a
// row per limit and client key, its hits in the window that ends at window_ends_at. Expired rows
// are only history; the clean-up job deletes them. Secrets the instances must share (the key
// that signs log-in device cookies) live in shop_secrets, made by the first instance that needs one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table rate_limit_hits (
      key text primary key,
      hits integer not null check (hits > 0),
      window_ends_at timestamptz not null
    )`,
    `create index rate_limit_hits_window_ends_idx on rate_limit_hits (window_ends_at)`,
    `create table shop_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`,
  ]);
}
