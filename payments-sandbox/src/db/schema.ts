// The sandbox's own view of the tables it keeps. They still sit in the shop's database (created by
// the shop's migrations); this package names only its own tables and the catalogue's prices it
// mirrors, and never imports the shop's schema.
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb: written as a JSON string (both drivers accept it), read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'canceled' | 'incomplete';

export interface PaymentCustomersTable {
  id: string;
  user_id: string | null;
  email: string;
  name: string | null;
  created_at: Timestamp;
}

export type TestCardBehaviour =
  'succeed' | 'decline' | 'insufficient_funds' | 'require_action' | 'stolen_card';

export type TestPaymentMethodType = 'card' | 'bnpl';

export interface PaymentMethodsTable {
  id: string;
  customer_id: string | null;
  type: Generated<TestPaymentMethodType>;
  brand: string;
  /** Null for pay-later methods only. */
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  test_behaviour: TestCardBehaviour;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  detached_at: NullableTimestamp;
}

export type ChargeStatus =
  'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentChargesTable {
  id: string;
  customer_id: string | null;
  payment_method_id: string | null;
  amount_cents: number;
  currency: string;
  status: ChargeStatus;
  failure_code: string | null;
  failure_message: string | null;
  description: string | null;
  metadata: JsonWithDefault<Record<string, string>>;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  amount_refunded_cents: Generated<number>;
  /** `<id>_secret_<random>`: whoever holds it may finish the intent's next action. */
  client_secret: string | null;
  /** While requires_action: a 3-D Secure challenge or a pay-later redirect. */
  next_action: 'challenge' | 'redirect' | null;
  return_url: string | null;
  /** Attach the card to the customer once the intent succeeds. */
  save_for_future: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A single-use reference to card details the provider's element collected: never the number. */
export interface PaymentTokensTable {
  id: string;
  type: TestPaymentMethodType;
  brand: string;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  test_behaviour: TestCardBehaviour;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PaymentSetupsTable {
  id: string;
  customer_id: string;
  payment_method_id: string | null;
  status: 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  client_secret: string;
  failure_code: string | null;
  failure_message: string | null;
  return_url: string;
  idempotency_key: string;
  request_fingerprint: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Idempotency keys of requests that act on an existing object (confirm, cancel). */
export interface PaymentIdempotencyKeysTable {
  key: string;
  request_fingerprint: string;
  object_id: string;
  created_at: Timestamp;
}

/** The test provider's event outbox: written with each state change, delivered signed. */
export interface PaymentProviderEventsTable {
  id: string;
  seq: Generated<string>;
  type: string;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
}

export interface PaymentRefundsTable {
  id: string;
  charge_id: string;
  amount_cents: number;
  currency: string;
  reason: string | null;
  idempotency_key: string;
  request_fingerprint: string;
  created_at: Timestamp;
}

export interface PaymentSubscriptionsTable {
  id: string;
  customer_id: string;
  price_id: string;
  payment_method_id: string | null;
  quantity: number;
  status: SubscriptionStatus;
  current_period_start: Date | string;
  current_period_end: Date | string;
  idempotency_key: string | null;
  created_at: Timestamp;
  canceled_at: NullableTimestamp;
  /** The start of the first period: every period end is counted from it, never chained. */
  billing_anchor: Date | string;
  /** Cycles renewed so far; the next renewal is cycle `renewed_cycles + 1`. */
  renewed_cycles: Generated<number>;
  /** The owner: only this user sees or changes the subscription. */
  user_id: string | null;
  /** The order that bought it (one subscription per order and recurring price). */
  origin_order_id: string | null;
  /** Who runs the cycle: the shop's renewal job ('test') or Stripe Billing ('stripe'). */
  provider: Generated<'test' | 'stripe'>;
  /** Stripe's subscription id when Stripe Billing runs the cycle. */
  provider_subscription_id: string | null;
  /** Cancelled by the subscriber: ends, unrenewed, at current_period_end. */
  cancel_at_period_end: Generated<boolean>;
  cancel_reason: string | null;
  cancel_requested_at: NullableTimestamp;
  /** While paused: the day renewals start again. */
  paused_until: NullableTimestamp;
  /** The cycle whose kit and charge are skipped (the period still advances). */
  skipped_cycle: number | null;
  /** Declined tries of the cycle being recovered; 0 when in good standing. */
  failed_attempts: Generated<number>;
  /** While past due: when the renewal is tried again (null after a hard decline or the last try). */
  next_retry_at: NullableTimestamp;
  updated_at: Generated<Date>;
  /** The cycle the anchor starts: cycle c ends (c - anchor_cycle + 1) intervals after the anchor. */
  anchor_cycle: Generated<number>;
}

export interface PricesTable {
  id: string;
  lookup_key: string;
  product_key: string;
  unit_amount_cents: number;
  currency: string;
  type: 'one_time' | 'recurring';
  recurring_interval: 'day' | 'week' | 'month' | 'year' | null;
  recurring_interval_count: number | null;
  metadata: JsonWithDefault<Record<string, string>>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface SandboxTables {
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  payment_charges: PaymentChargesTable;
  payment_refunds: PaymentRefundsTable;
  payment_tokens: PaymentTokensTable;
  payment_setups: PaymentSetupsTable;
  payment_idempotency_keys: PaymentIdempotencyKeysTable;
  payment_provider_events: PaymentProviderEventsTable;
  payment_subscriptions: PaymentSubscriptionsTable;
  prices: PricesTable;
}

export type DB = SandboxTables;
export type Database = Kysely<DB>;
export type Executor = Kysely<DB> | Transaction<DB>;

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentChargeRow = Selectable<PaymentChargesTable>;
export type PaymentTokenRow = Selectable<PaymentTokensTable>;
export type PaymentSetupRow = Selectable<PaymentSetupsTable>;
