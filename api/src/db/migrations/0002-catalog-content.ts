import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Page copy for the catalog (main page, landing pages, quiz): one JSON document per key, so an
// operator can change the words without a deploy. The API validates each document before serving it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table catalog_content (
      key text primary key,
      data jsonb not null,
      updated_at timestamptz not null default now()
    )`,
  ]);
}
