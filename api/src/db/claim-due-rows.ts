import type {
  ExpressionBuilder,
  Kysely,
  SelectQueryBuilder,
  UpdateObject,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { DB, Executor } from './schema';

/** The tables a claim can lease rows of: each row is addressed by its `id`. */
type LeasableTable = {
  [K in keyof DB]: DB[K] extends { id: unknown } ? K : never;
}[keyof DB];

// An empty selection: the `due` filter adds conditions and an order, the helper selects the id.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- kysely's own "nothing selected" type
type NothingSelected = {};

export interface DueRowsClaim<T extends LeasableTable> {
  table: T;
  /** Which rows are due, in the order they are taken (the oldest first, as a rule). */
  due: (
    rows: SelectQueryBuilder<DB, T, NothingSelected>,
  ) => SelectQueryBuilder<DB, T, NothingSelected>;
  limit: number;
  /** What taking a row writes: its lease end, and an attempt or the runner where the table has them. */
  lease: UpdateObject<DB, T> | ((eb: ExpressionBuilder<DB, T>) => UpdateObject<DB, T>);
}

/**
 * Claims up to `limit` due rows in one statement: `update … where id in (select id … for update
 * skip locked)`. Instances claiming at once take different rows (a row another transaction holds
 * is skipped, not waited for), and the lease written with the claim keeps it taken after the
 * statement ends, so no transaction stays open while the claimed work runs. The caller adds what
 * it returns (`returning`, `returningAll`).
 */
export function claimDueRows<T extends LeasableTable>(
  db: Executor,
  claim: DueRowsClaim<T>,
): UpdateQueryBuilder<DB, T, T, UpdateResult> {
  // Kysely cannot check `id` against a table chosen by a type parameter; LeasableTable has
  // already proved every such table has one, so the untyped view is sound here.
  const untyped = db as unknown as Kysely<{ leased: { id: unknown } }>;
  const table = claim.table as unknown as 'leased';
  const ids = untyped
    .selectFrom(table)
    .select('id')
    .$call((rows) => claim.due(rows as never) as unknown as typeof rows)
    .limit(claim.limit)
    .forUpdate()
    .skipLocked();
  return untyped
    .updateTable(table)
    .set(claim.lease as never)
    .where('id', 'in', ids) as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>;
}
