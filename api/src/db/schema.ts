import type { ResultUploadStatus, ResultUploadType } from '@shop/shared/contract/result-uploads';
import type { ResultFlag, ResultUploadDraft } from '@shop/shared/contract/results';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { KitTables } from '../modules/kits/kit-tables';
import type { LabTables } from '../modules/lab/lab-tables';

// Row types for every table. Timestamps come back as Date from both pg and PGlite.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb: written as a JSON string (both drivers accept it), read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  legacy_store: Generated<boolean>;
  shopify_id: string | null;
  kit_id: string | null;
  signup_session_id: string | null;
  balance_cents: Generated<number>;
  /** 'operator' opens the operator API; set only by `shop operator add`. */
  role: Generated<UserRole>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UserRole = 'shopper' | 'operator' | 'clinician';

export interface ShippingAddressesTable {
  user_id: string;
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date | string;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetLinksTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: NullableTimestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
  /** Null while queued for the SMTP sender; the dev outbox sets it on insert. */
  delivered_at: NullableTimestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  /** A mail sent once per subject (an order's receipt): a second insert with the key is dropped. */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginThrottleTable {
  email_hash: string;
  failures: number;
  last_failed_at: Date | string;
  locked_until: NullableTimestamp;
}

/** One rate limit's hits for one client key in the window ending at window_ends_at. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  window_ends_at: Date | string;
}

/** Secrets every instance shares (the device-cookie signing key). */
export interface ShopSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface SignupAttemptsTable {
  id_hash: string;
  email: string;
  name: string;
  /** Null for an attempt on an email that already has an account: it can never be confirmed. */
  password_hash: string | null;
  kit_id: string | null;
  session_id: string | null;
  redirect: string;
  existing_account: boolean;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: NullableTimestamp;
}

export interface ResultUploadsTable {
  id: string;
  user_id: string;
  file_name: string;
  size_bytes: number;
  detected_type: ResultUploadType;
  sha256: string;
  status: Generated<ResultUploadStatus>;
  created_at: Timestamp;
  reading_count: Generated<number>;
  collected_at: NullableTimestamp;
  progress: ColumnType<number | null, number | null | undefined, number | null>;
  problem: ColumnType<string | null, string | null | undefined, string | null>;
  /** A ResultUploadDraft (shared contract) while the customer has something to confirm. */
  draft: ColumnType<ResultUploadDraft | null, string | null | undefined, string | null>;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ResultReadingsTable {
  id: string;
  upload_id: string;
  user_id: string;
  biomarker_key: string | null;
  loinc: string | null;
  name: string;
  value: number | null;
  value_text: string | null;
  unit: string | null;
  range_low: number | null;
  range_high: number | null;
  range_text: string | null;
  flag: ResultFlag | null;
  collected_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface PaymentCustomersTable {
  id: string;
  user_id: string | null;
  email: string;
  name: string | null;
  created_at: Timestamp;
}

/** A shopper's Stripe Customer, one per mode (test keys and live keys see different objects). */
export interface StripeCustomersTable {
  user_id: string;
  livemode: boolean;
  customer_id: string;
  email: string;
  created_at: Timestamp;
}

export type TestCardBehaviour =
  'succeed' | 'decline' | 'insufficient_funds' | 'require_action' | 'stolen_card';

/** A Stripe test clock the shop made for a test-mode customer; moved with the shop clock. */
export interface StripeTestClocksTable {
  id: string;
  customer_id: string | null;
  /** The time the clock was last set to (or asked to advance to). */
  frozen_time: Date | string;
  created_at: Timestamp;
}

/** A registry document kept in the database (object-store releases); see 0025. */
export interface ReleaseRegistriesTable {
  environment: string;
  document: string;
  revision: number;
  updated_at: Timestamp;
}

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

export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'canceled' | 'incomplete';
export type SubscriptionActor = 'subscriber' | 'operator' | 'system';

export interface SubscriptionChangesTable {
  id: Generated<string | number>;
  subscription_id: string;
  actor: SubscriptionActor;
  /** e.g. cancel, cancel-now, resume-cancelled, pause, resume, skip, unskip, interval, card, dunning-ended. */
  action: string;
  detail: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface SubscriptionNoticesTable {
  subscription_id: string;
  /** renewal-reminder, long-plan-reminder, yearly-summary, … */
  kind: string;
  /** What makes it once: the cycle it announces, or the year it sums up. */
  occasion: string;
  sent_at: Timestamp;
}

export interface SubscriptionConsentsTable {
  id: Generated<string | number>;
  order_id: string;
  user_id: string | null;
  email: string;
  terms_version: string;
  terms_text: string;
  accepted_at: Date | string;
  created_at: Timestamp;
}

export interface ShopSettingsTable {
  key: string;
  value: JsonWithDefault<unknown>;
  updated_at: Timestamp;
}

/** One renewal of a subscription's cycle, written before its charge (idempotency comes from it). */
export interface SubscriptionRenewalsTable {
  /** bigserial: a string from pg, a number from PGlite. */
  id: Generated<string | number>;
  subscription_id: string;
  cycle: number;
  period_start: Date | string;
  period_end: Date | string;
  amount_cents: number;
  currency: string;
  status: Generated<'pending' | 'succeeded' | 'failed' | 'skipped'>;
  charge_id: string | null;
  order_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The try of this cycle (a declined cycle is tried again as attempt 2, 3, …); keys include it. */
  attempt: Generated<number>;
  /** The bank said never again (stolen card, closed account): no more tries. */
  hard_decline: Generated<boolean>;
  /** When the cycle was first declined: the retry schedule counts from it. */
  first_failed_at: NullableTimestamp;
}

export interface BnplAuthorisationsTable {
  id: string;
  consent_id: string | null;
  email: string;
  amount_cents: number;
  currency: string;
  status: 'authorised' | 'captured' | 'declined' | 'canceled';
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface ProductsTable {
  key: string;
  type: string;
  kit_type: string;
  title: string;
  quantity: number;
  price_lookup_key: string;
  description: Generated<string>;
  biomarkers: JsonWithDefault<string[]>;
  badge: string | null;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface ShippingRatesTable {
  country: string;
  currency: string;
  amount_cents: number;
  additional_kit_cents: number;
  consolidated_cents: number;
  min_business_days: number;
  max_business_days: number;
}

/** One row: moved by a trigger on every write to prices, products and shipping_rates. */
export interface CatalogVersionTable {
  id: Generated<boolean>;
  version: number;
}

export interface DiscountsTable {
  code: string;
  kind: 'percent' | 'amount';
  percent_off: number | null;
  amount_off_cents: number | null;
  currency: Generated<string>;
  business_key: string | null;
  starts_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  min_subtotal_cents: number | null;
  allowed_emails: ColumnType<string[] | null, string | null | undefined, string | null>;
  product_lookup_keys: ColumnType<string[] | null, string | null | undefined, string | null>;
  max_redemptions: number | null;
  times_redeemed: Generated<number>;
  active: Generated<boolean>;
  once_per_customer: Generated<boolean>;
  created_at: Timestamp;
}

export interface DiscountRedemptionsTable {
  code: string;
  email: string;
  order_id: string | null;
  created_at: Timestamp;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  ip_hash: string | null;
  expected_answer_at: Timestamp;
  created_at: Timestamp;
}

export interface PartnerCustomizationsTable {
  shop_key: string;
  data: Json<Record<string, unknown>>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartsTable {
  id: Generated<string>;
  session_id: string | null;
  user_id: string | null;
  items: JsonWithDefault<Array<{ lookupKey: string; quantity: number }>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<string>;
  kind: 'consumer' | 'business';
  user_id: string | null;
  email: string;
  name: string;
  status: 'pending' | 'requires_action' | 'paid' | 'failed' | 'fulfilled';
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  discount_code: string | null;
  ship_upfront: boolean;
  bnpl: boolean;
  bnpl_consent_id: string | null;
  business_key: string | null;
  marketing_enabled: boolean;
  session_id: string | null;
  shipping_address: Json<Record<string, unknown>>;
  payment_charge_id: string | null;
  payment_method_id: string | null;
  payment_label: string | null;
  failure_message: string | null;
  idempotency_key: string | null;
  buyer_token_hash: string | null;
  /** Confirmations sent for the intent so far; the next one's idempotency key carries the number. */
  payment_attempts: Generated<number>;
  /** When the intent was created: reconciliation looks at unsettled ones older than a few minutes. */
  payment_intent_at: NullableTimestamp;
  /** Reconciliation's lease: no instance checks the order again before then. */
  payment_check_after: NullableTimestamp;
  /** Cents the provider has refunded on the order's intent (ours or from its dashboard). */
  refunded_cents: Generated<number>;
  disputed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A provider event applied once: its id is inserted in the transaction that applies it. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: Generated<Timestamp>;
}

export interface CheckoutStartsTable {
  id: Generated<string>;
  email: string;
  country: string;
  first_name: string;
  last_name: string;
  event_name: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: string;
  lookup_key: string;
  price_id: string;
  title: string;
  quantity: number;
  unit_amount_cents: number;
  amount_cents: number;
  /** Set on the line a completed post-purchase upgrade adds to its order. */
  upgrade_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  order_id: string | null;
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface UpgradesTable {
  id: Generated<string>;
  order_id: string | null;
  payment_id: string;
  type: 'mini-panel' | 'easy-draw' | 'bp-tape';
  status: 'pending' | 'completed';
  email: string | null;
  price_id: string | null;
  product: string | null;
  upgrade_to: string | null;
  upgradable: string | null;
  quantity: Generated<number>;
  amount_cents: number | null;
  charge_id: string | null;
  /** Declined charges so far; the next charge uses a provider key with this number. */
  attempts: Generated<number>;
  failure_message: string | null;
  /** When the current attempt's intent was written; null once that attempt is settled. */
  payment_intent_at: NullableTimestamp;
  /** Reconciliation's lease: no instance looks at the upgrade again before then. */
  payment_check_after: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  source: 'ny_waitlist' | 'ca_supplements';
  created_at: Timestamp;
}

export interface ReferralsTable {
  id: Generated<string>;
  email: string;
  referred: string;
  created_at: Timestamp;
}

export interface BnplConsentsTable {
  id: Generated<string>;
  session_id: string;
  email: string;
  terms_version: string;
  accepted_at: Timestamp;
  order_id: string | null;
  ip: string | null;
  user_agent: string | null;
  buyer_token_hash: string | null;
  user_id: string | null;
}

export interface PageViewsTable {
  id: Generated<number>;
  url: string;
  referring_url: string | null;
  user_agent: string | null;
  session_id: string | null;
  user_id: string | null;
  ip: string | null;
  created_at: Timestamp;
}

/** Field data: one web-vitals measurement of a sampled page load (no visitor, session or address). */
export interface WebVitalsTable {
  id: Generated<string>;
  visit_id: string;
  route: string;
  area: string;
  metric: 'LCP' | 'INP' | 'CLS';
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  navigation_type: string;
  recorded_at: Timestamp;
}

export interface EmployerRequestsTable {
  id: Generated<string>;
  email: string;
  name: string;
  employer_email: string;
  order_id: string | null;
  pay_token_hash: string | null;
  status: 'sent' | 'paid';
  created_at: Timestamp;
}

export interface CatalogContentTable {
  key: string;
  data: Json<unknown>;
  updated_at: Timestamp;
}

export interface OperatorAuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_user_id: string | null;
  actor: string;
  via: 'console' | 'cli' | 'cli-direct' | 'provider';
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  request_id: string | null;
}

export interface OrderRefundsTable {
  id: Generated<string>;
  order_id: string;
  order_line_id: number | null;
  charge_id: string;
  amount_cents: number;
  status: 'pending' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  idempotency_key: string;
  reason: string | null;
  failure_message: string | null;
  actor: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'dead';

export interface JobsTable {
  /** bigserial: a string from pg, a number from PGlite (read through toCount). */
  id: Generated<string | number>;
  kind: string;
  payload: JsonWithDefault<unknown>;
  /** Idempotency: enqueueing the same key again answers the job it made. */
  job_key: string | null;
  /** At most one queued or running job per singleton key. */
  singleton_key: string | null;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  /** While running: when the lease ends and another runner may take the job. */
  locked_until: NullableTimestamp;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface ClockOffsetTable {
  id: Generated<boolean>;
  offset_ms: ColumnType<string | number, number, number>;
  updated_at: Timestamp;
}

export interface DB extends KitTables, LabTables {
  users: UsersTable;
  shipping_addresses: ShippingAddressesTable;
  sessions: SessionsTable;
  password_reset_links: PasswordResetLinksTable;
  outbox: OutboxTable;
  login_throttle: LoginThrottleTable;
  rate_limit_hits: RateLimitHitsTable;
  shop_secrets: ShopSecretsTable;
  signup_attempts: SignupAttemptsTable;
  result_uploads: ResultUploadsTable;
  result_readings: ResultReadingsTable;
  payment_customers: PaymentCustomersTable;
  stripe_customers: StripeCustomersTable;
  stripe_test_clocks: StripeTestClocksTable;
  release_registries: ReleaseRegistriesTable;
  payment_methods: PaymentMethodsTable;
  payment_charges: PaymentChargesTable;
  payment_refunds: PaymentRefundsTable;
  payment_tokens: PaymentTokensTable;
  payment_setups: PaymentSetupsTable;
  payment_idempotency_keys: PaymentIdempotencyKeysTable;
  payment_provider_events: PaymentProviderEventsTable;
  payment_subscriptions: PaymentSubscriptionsTable;
  subscription_renewals: SubscriptionRenewalsTable;
  subscription_changes: SubscriptionChangesTable;
  subscription_notices: SubscriptionNoticesTable;
  subscription_consents: SubscriptionConsentsTable;
  shop_settings: ShopSettingsTable;
  bnpl_authorisations: BnplAuthorisationsTable;
  products: ProductsTable;
  prices: PricesTable;
  shipping_rates: ShippingRatesTable;
  catalog_version: CatalogVersionTable;
  discounts: DiscountsTable;
  discount_redemptions: DiscountRedemptionsTable;
  support_messages: SupportMessagesTable;
  partner_customizations: PartnerCustomizationsTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  idempotency_keys: IdempotencyKeysTable;
  upgrades: UpgradesTable;
  invitations: InvitationsTable;
  referrals: ReferralsTable;
  bnpl_consents: BnplConsentsTable;
  page_views: PageViewsTable;
  web_vitals: WebVitalsTable;
  employer_requests: EmployerRequestsTable;
  catalog_content: CatalogContentTable;
  checkout_starts: CheckoutStartsTable;
  operator_audit_log: OperatorAuditLogTable;
  order_refunds: OrderRefundsTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  clock_offset: ClockOffsetTable;
}

export type Database = Kysely<DB>;
/** Anything a query can run through: the database or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type UserRow = Selectable<UsersTable>;
export type ResultUploadRow = Selectable<ResultUploadsTable>;
export type ResultReadingRow = Selectable<ResultReadingsTable>;
export type PriceRow = Selectable<PricesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type DiscountRow = Selectable<DiscountsTable>;
export type OrderRow = Selectable<OrdersTable>;
