// The kits domain's SQL: plain functions taking an executor (the database or the caller's
// transaction), as the mail outbox's. Only kit-service.ts calls them.
import type { KitEventSource, KitRejectionReason, KitState } from '@shop/shared/contract/kits';
import type { Executor } from '../../db/schema';
import { kitTables, type KitEventRow, type KitRow } from './kit-tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Product types whose units are kits (add-ons ride in another kit or are devices). */
const KIT_PRODUCT_TYPES = ['kit', 'subscription', 'program'];

export interface KitUnit {
  lineId: number;
  productKey: string;
  title: string;
  /** Kits the line stands for: its quantity times the product's kits per unit. */
  units: number;
}

/** The kit units of an order's lines, by line. */
export async function selectOrderKitUnits(db: Executor, orderId: string): Promise<KitUnit[]> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('prices', 'prices.lookup_key', 'order_lines.lookup_key')
    .innerJoin('products', 'products.key', 'prices.product_key')
    .select([
      'order_lines.id as lineId',
      'order_lines.quantity as quantity',
      'order_lines.title as title',
      'products.key as productKey',
      'products.quantity as perUnit',
    ])
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.upgrade_id', 'is', null)
    .where('products.type', 'in', KIT_PRODUCT_TYPES)
    .orderBy('order_lines.id')
    .execute();
  return rows.map((row) => ({
    lineId: row.lineId,
    productKey: row.productKey,
    title: row.title,
    units: row.quantity * Math.max(1, row.perUnit),
  }));
}

export async function selectOrderForKits(db: Executor, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export interface NewKit {
  code: string;
  orderId: string;
  orderLineId: number | null;
  unit: number;
  replacesKitId: string | null;
  userId: string | null;
  productKey: string | null;
  title: string;
  at: Date;
}

/** Inserts a kit unless its (order, line, unit) or replaced kit has one; the new row or null. */
export async function insertKit(db: Executor, kit: NewKit): Promise<KitRow | null> {
  const row = await kitTables(db)
    .insertInto('kits')
    .values({
      code: kit.code,
      order_id: kit.orderId,
      order_line_id: kit.orderLineId,
      unit: kit.unit,
      replaces_kit_id: kit.replacesKitId,
      user_id: kit.userId,
      product_key: kit.productKey,
      title: kit.title,
      state: 'created',
      created_at: kit.at,
      updated_at: kit.at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the order line's unit already has its kit. */
export async function unitHasKit(
  db: Executor,
  unit: { orderId: string; lineId: number; unit: number },
): Promise<boolean> {
  const row = await kitTables(db)
    .selectFrom('kits')
    .select('id')
    .where('order_id', '=', unit.orderId)
    .where('order_line_id', '=', unit.lineId)
    .where('unit', '=', unit.unit)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a kit already has its replacement. */
export async function hasReplacement(db: Executor, kitId: string): Promise<boolean> {
  const row = await kitTables(db)
    .selectFrom('kits')
    .select('id')
    .where('replaces_kit_id', '=', kitId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertKitEvent(
  db: Executor,
  event: {
    kitId: string;
    from: KitState | null;
    to: KitState;
    source: KitEventSource;
    at: Date;
    detail: Record<string, unknown>;
  },
): Promise<KitEventRow> {
  return kitTables(db)
    .insertInto('kit_events')
    .values({
      kit_id: event.kitId,
      from_state: event.from,
      to_state: event.to,
      source: event.source,
      detail: JSON.stringify(event.detail),
      at: event.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function selectKitByCode(db: Executor, code: string): Promise<KitRow | null> {
  return (
    (await kitTables(db)
      .selectFrom('kits')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst()) ?? null
  );
}

/** The kit's row, locked until the caller's transaction ends. */
export async function lockKit(db: Executor, id: string): Promise<KitRow | null> {
  if (!isUuid(id)) return null;
  const row = await kitTables(db)
    .selectFrom('kits')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function lockKitByCode(db: Executor, code: string): Promise<KitRow | null> {
  const row = await kitTables(db)
    .selectFrom('kits')
    .selectAll()
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function updateKitState(
  db: Executor,
  id: string,
  change: { state: KitState; at: Date; rejectionReason?: KitRejectionReason | null },
): Promise<KitRow> {
  return kitTables(db)
    .updateTable('kits')
    .set({
      state: change.state,
      updated_at: change.at,
      ...(change.rejectionReason !== undefined ? { rejection_reason: change.rejectionReason } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface KitActivation {
  userId: string;
  sampleTaker: 'self' | 'household';
  name: string;
  dateOfBirth: string;
  sexAtBirth: 'female' | 'male' | 'intersex';
  sampleTakenOn: string;
  at: Date;
}

/** Writes who takes the sample and moves the kit to the activator's account. */
export async function writeKitActivation(
  db: Executor,
  id: string,
  activation: KitActivation,
): Promise<void> {
  await kitTables(db)
    .updateTable('kits')
    .set({
      user_id: activation.userId,
      activated_by: activation.userId,
      sample_taker: activation.sampleTaker,
      subject_name: activation.name,
      subject_birth_date: activation.dateOfBirth,
      subject_sex: activation.sexAtBirth,
      sample_taken_on: activation.sampleTakenOn,
      consent_lab_test_at: activation.at,
      consent_release_at: activation.at,
      activated_at: activation.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Gives an unactivated kit to an account (a kit ID typed at sign-up). */
export async function assignKitOwner(db: Executor, id: string, userId: string): Promise<void> {
  await kitTables(db).updateTable('kits').set({ user_id: userId }).where('id', '=', id).execute();
}

/**
 * The account's kits, newest first: those it owns, and those of its orders no account holds yet
 * (a guest order the account has since claimed).
 */
export async function selectAccountKits(db: Executor, userId: string): Promise<KitRow[]> {
  return kitTables(db)
    .selectFrom('kits')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb.and([
          eb('user_id', 'is', null),
          eb(
            'order_id',
            'in',
            eb.selectFrom('orders').select('orders.id').where('orders.user_id', '=', userId),
          ),
        ]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

/** One account-visible kit (the same rule as the list), or null: a stranger's is missing. */
export async function selectAccountKit(
  db: Executor,
  userId: string,
  id: string,
): Promise<KitRow | null> {
  if (!isUuid(id)) return null;
  const row = await kitTables(db)
    .selectFrom('kits')
    .selectAll('kits')
    .leftJoin('orders', 'orders.id', 'kits.order_id')
    .where('kits.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('kits.user_id', '=', userId),
        eb.and([eb('kits.user_id', 'is', null), eb('orders.user_id', '=', userId)]),
      ]),
    )
    .executeTakeFirst();
  return row ?? null;
}

export async function selectKitEvents(db: Executor, kitIds: string[]): Promise<KitEventRow[]> {
  if (kitIds.length === 0) return [];
  return kitTables(db)
    .selectFrom('kit_events')
    .selectAll()
    .where('kit_id', 'in', kitIds)
    .orderBy('kit_id')
    .orderBy('id')
    .execute();
}

export async function selectUserKitCode(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('kit_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.kit_id ?? null;
}
