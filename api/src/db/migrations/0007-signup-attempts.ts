import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Sign-up by emailed link: every sign-up writes one attempt, and the account is made only when
// the link is opened. An attempt for an email that already has an account keeps no password and
// can never be confirmed; it is the record of the owner's "someone tried" mail.
// The outbox becomes the mail queue: a row is delivered once delivered_at is set (the dev outbox
// counts as delivered on insert); the sender retries a failure at next_attempt_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table signup_attempts (
      id_hash text primary key,
      email text not null check (email = lower(btrim(email))),
      name text not null,
      password_hash text,
      kit_id text,
      session_id text,
      redirect text not null,
      existing_account boolean not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      check (existing_account = (password_hash is null))
    )`,
    `create index signup_attempts_email_idx on signup_attempts (email, created_at)`,
    `alter table outbox add column delivered_at timestamptz`,
    `alter table outbox add column attempts integer not null default 0 check (attempts >= 0)`,
    `alter table outbox add column next_attempt_at timestamptz not null default now()`,
    `alter table outbox add column last_error text`,
    // Mail written before the queue existed was already kept or sent.
    `update outbox set delivered_at = created_at`,
    `create index outbox_due_idx on outbox (next_attempt_at) where delivered_at is null`,
  ]);
}
