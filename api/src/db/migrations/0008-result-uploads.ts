import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Lab reports customers upload. The bytes live in the upload store (a directory by default),
// keyed by the row's id; the row holds what the account page lists and what a download needs.
// `file_name` is the customer's name for the file, cleaned for display and never used as a path.
// `received` is the only status: stored and checked, not read by anyone (nothing processes them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table result_uploads (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      file_name text not null check (char_length(file_name) between 1 and 200),
      size_bytes integer not null check (size_bytes > 0),
      detected_type text not null check (detected_type in ('pdf', 'png', 'jpeg', 'csv')),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      status text not null default 'received' check (status in ('received')),
      created_at timestamptz not null default now()
    )`,
    `create index result_uploads_user_idx on result_uploads (user_id, created_at desc)`,
  ]);
}
