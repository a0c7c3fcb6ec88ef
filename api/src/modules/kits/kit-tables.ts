// The kits domain's tables, as Kysely row types. The module's queries see them through
// kitTables(), so the domain holds its own table definitions; only this module writes them.
import type { KitEventSource, KitRejectionReason, KitState } from '@shop/shared/contract/kits';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface KitsTable {
  id: Generated<string>;
  /** Canonical: 10 Crockford symbols and a check symbol. */
  code: string;
  order_id: string;
  /** Null on a replacement kit (its key is replaces_kit_id). */
  order_line_id: number | null;
  unit: number;
  replaces_kit_id: Optional<string>;
  /** Whose account lists the kit: the buyer's, or whoever claimed or activated it. */
  user_id: string | null;
  product_key: string | null;
  title: string;
  state: KitState;
  rejection_reason: Optional<KitRejectionReason>;
  activated_by: Optional<string>;
  sample_taker: Optional<'self' | 'household'>;
  subject_name: Optional<string>;
  /** YYYY-MM-DD as written. */
  subject_birth_date: Optional<string>;
  subject_sex: Optional<'female' | 'male' | 'intersex'>;
  sample_taken_on: Optional<string>;
  consent_lab_test_at: NullableTimestamp;
  consent_release_at: NullableTimestamp;
  activated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KitEventsTable {
  id: Generated<number>;
  kit_id: string;
  from_state: KitState | null;
  to_state: KitState;
  source: KitEventSource;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
}

// A type, not an interface: Kysely's withTables wants an index-signature-compatible shape.
export type KitTables = {
  kits: KitsTable;
  kit_events: KitEventsTable;
};

export type KitsExecutor = Kysely<DB & KitTables> | Transaction<DB & KitTables>;

/** The caller's executor (database or transaction) with the kits tables in its type. */
export function kitTables(db: Executor): KitsExecutor {
  return db.isTransaction
    ? (db as Transaction<DB>).withTables<KitTables>()
    : (db as Kysely<DB>).withTables<KitTables>();
}

export type KitRow = Selectable<KitsTable>;
export type KitEventRow = Selectable<KitEventsTable>;
