import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The whole first schema. PostgreSQL 15 features only (PGlite is newer; Debian ships 15).
// eslint-disable-next-line max-lines-per-function -- a migration is a fixed record of the schema at that time; it is never edited
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(btrim(email))),
      name text not null,
      password_hash text,
      legacy_store boolean not null default false,
      shopify_id text,
      kit_id text,
      signup_session_id text,
      balance_cents integer not null default 0 check (balance_cents >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table shipping_addresses (
      user_id uuid primary key references users(id) on delete cascade,
      name text not null,
      line1 text not null,
      line2 text,
      city text not null,
      state text not null,
      postal_code text not null,
      country text not null check (country in ('US', 'CA')),
      updated_at timestamptz not null default now()
    )`,
    `create table sessions (
      id_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      user_agent text,
      ip text
    )`,
    `create index sessions_user_id_idx on sessions (user_id)`,
    `create index sessions_expires_at_idx on sessions (expires_at)`,
    `create table password_reset_links (
      id_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    `create index password_reset_links_user_idx on password_reset_links (user_id)`,
    `create table outbox (
      id serial primary key,
      to_address text not null,
      from_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      created_at timestamptz not null default now()
    )`,
    `create index outbox_to_idx on outbox (to_address, id)`,

    // Payment-provider records kept by the built-in test provider.
    `create table payment_customers (
      id text primary key,
      user_id uuid unique references users(id) on delete set null,
      email text not null,
      name text,
      created_at timestamptz not null default now()
    )`,
    `create index payment_customers_email_idx on payment_customers (email)`,
    `create table payment_methods (
      id text primary key,
      customer_id text references payment_customers(id) on delete cascade,
      brand text not null,
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month integer not null check (exp_month between 1 and 12),
      exp_year integer not null,
      test_behaviour text not null check (test_behaviour in ('succeed', 'decline', 'insufficient_funds', 'require_action')),
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      detached_at timestamptz
    )`,
    `create index payment_methods_customer_idx on payment_methods (customer_id)`,
    `create unique index payment_methods_one_default_idx on payment_methods (customer_id) where is_default and detached_at is null`,
    `create table payment_charges (
      id text primary key,
      customer_id text references payment_customers(id),
      payment_method_id text references payment_methods(id),
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null,
      status text not null check (status in ('succeeded', 'requires_action', 'failed', 'canceled')),
      failure_code text,
      failure_message text,
      description text,
      metadata jsonb not null default '{}',
      idempotency_key text unique,
      request_fingerprint text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table payment_subscriptions (
      id text primary key,
      customer_id text not null references payment_customers(id),
      price_id text not null,
      payment_method_id text references payment_methods(id),
      quantity integer not null default 1 check (quantity > 0),
      status text not null check (status in ('active', 'past_due', 'canceled', 'incomplete')),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null,
      idempotency_key text unique,
      created_at timestamptz not null default now(),
      canceled_at timestamptz
    )`,
    `create index payment_subscriptions_customer_idx on payment_subscriptions (customer_id)`,
    `create table bnpl_authorisations (
      id text primary key,
      consent_id uuid,
      email text not null,
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null,
      status text not null check (status in ('authorised', 'captured', 'declined', 'canceled')),
      idempotency_key text unique,
      created_at timestamptz not null default now()
    )`,

    // Catalog.
    `create table products (
      key text primary key,
      type text not null,
      kit_type text not null,
      title text not null,
      quantity integer not null check (quantity > 0),
      price_lookup_key text not null,
      description text not null default '',
      biomarkers jsonb not null default '[]',
      badge text,
      sort_order integer not null default 0,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table prices (
      id text primary key,
      lookup_key text not null unique,
      product_key text not null references products(key),
      unit_amount_cents integer not null check (unit_amount_cents >= 0),
      currency text not null,
      type text not null check (type in ('one_time', 'recurring')),
      recurring_interval text check (recurring_interval in ('day', 'week', 'month', 'year')),
      recurring_interval_count integer check (recurring_interval_count > 0),
      metadata jsonb not null default '{}',
      active boolean not null default true,
      created_at timestamptz not null default now(),
      check ((type = 'recurring') = (recurring_interval is not null and recurring_interval_count is not null))
    )`,
    `create table shipping_rates (
      country text not null,
      currency text not null,
      amount_cents integer not null check (amount_cents >= 0),
      additional_kit_cents integer not null check (additional_kit_cents >= 0),
      consolidated_cents integer not null check (consolidated_cents >= 0),
      min_business_days integer not null,
      max_business_days integer not null,
      primary key (country, currency)
    )`,
    `create table discounts (
      code text primary key check (code = upper(code)),
      kind text not null check (kind in ('percent', 'amount')),
      percent_off integer check (percent_off between 1 and 100),
      amount_off_cents integer check (amount_off_cents > 0),
      currency text not null default 'usd',
      business_key text,
      starts_at timestamptz,
      expires_at timestamptz,
      min_subtotal_cents integer check (min_subtotal_cents >= 0),
      allowed_emails jsonb,
      product_lookup_keys jsonb,
      max_redemptions integer,
      times_redeemed integer not null default 0,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      check ((kind = 'percent' and percent_off is not null) or (kind = 'amount' and amount_off_cents is not null))
    )`,
    `create table partner_customizations (
      shop_key text primary key,
      data jsonb not null,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,

    // Carts and orders.
    `create table carts (
      id uuid primary key default gen_random_uuid(),
      session_id text unique,
      user_id uuid unique references users(id) on delete cascade,
      items jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (session_id is not null or user_id is not null)
    )`,
    `create table orders (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('consumer', 'business')),
      user_id uuid references users(id) on delete set null,
      email text not null,
      name text not null,
      status text not null check (status in ('pending', 'requires_action', 'paid', 'failed', 'fulfilled')),
      currency text not null,
      subtotal_cents integer not null check (subtotal_cents >= 0),
      discount_cents integer not null check (discount_cents >= 0),
      shipping_cents integer not null check (shipping_cents >= 0),
      total_cents integer not null check (total_cents >= 0),
      discount_code text,
      ship_upfront boolean not null default false,
      bnpl boolean not null default false,
      bnpl_consent_id uuid,
      business_key text,
      marketing_enabled boolean not null default false,
      session_id text,
      shipping_address jsonb not null,
      payment_charge_id text references payment_charges(id),
      payment_method_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index orders_email_idx on orders (email)`,
    `create index orders_user_idx on orders (user_id)`,
    `create table order_lines (
      id serial primary key,
      order_id uuid not null references orders(id) on delete cascade,
      lookup_key text not null,
      price_id text not null,
      title text not null,
      quantity integer not null check (quantity > 0),
      unit_amount_cents integer not null check (unit_amount_cents >= 0),
      amount_cents integer not null check (amount_cents >= 0)
    )`,
    `create index order_lines_order_idx on order_lines (order_id)`,
    `create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      order_id uuid references orders(id),
      response_status integer,
      response_body jsonb,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`,
    `create table upgrades (
      id uuid primary key default gen_random_uuid(),
      order_id uuid references orders(id),
      payment_id text not null,
      type text not null check (type in ('mini-panel', 'easy-draw', 'bp-tape')),
      status text not null check (status in ('pending', 'completed')),
      email text,
      price_id text,
      product text,
      upgrade_to text,
      upgradable text,
      quantity integer not null default 1 check (quantity > 0),
      amount_cents integer check (amount_cents >= 0),
      charge_id text references payment_charges(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (payment_id, type)
    )`,

    // Lists, consents and logs.
    `create table invitations (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      first_name text not null,
      last_name text not null,
      source text not null check (source in ('ny_waitlist', 'ca_supplements')),
      created_at timestamptz not null default now(),
      unique (email, source)
    )`,
    `create table referrals (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      referred text not null,
      created_at timestamptz not null default now(),
      unique (email, referred),
      check (email <> referred)
    )`,
    `create table bnpl_consents (
      id uuid primary key default gen_random_uuid(),
      session_id text not null,
      email text not null,
      terms_version text not null,
      accepted_at timestamptz not null default now(),
      order_id uuid references orders(id),
      ip text,
      user_agent text
    )`,
    `create table page_views (
      id bigserial primary key,
      url text not null,
      referring_url text,
      user_agent text,
      session_id text,
      user_id uuid references users(id) on delete set null,
      ip text,
      created_at timestamptz not null default now()
    )`,
    `create table employer_requests (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      name text not null,
      employer_email text not null,
      order_id uuid references orders(id),
      pay_token_hash text unique,
      status text not null check (status in ('sent', 'paid')),
      created_at timestamptz not null default now()
    )`,
  ]);
}
