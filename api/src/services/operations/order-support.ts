// Order support for operators: find an order, see where its money went, and give money back
// through the payment provider. A refund is reserved (a pending row) under a lock on the order
// row before the provider is called, so two clicks or two operators can never refund the same
// cents twice; the provider's own idempotency key, derived from the row, makes a retry safe.
import type { OpsOrderDetail, OrderList, OrderListQuery } from '@shop/shared/contract/ops';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import {
  findRefundsByKey,
  insertPendingRefund,
  listOrderRefunds,
  listOrders,
  listedKindOf,
  lockOrder,
  orderLineRows,
  orderUpgradeRows,
  refundedByOrder,
  settleRefund,
  subscriptionOfOrder,
  type ListedOrderKind,
  type OrderPosition,
  type OrderRefundRecord,
} from '../../repositories/ops-orders-repository';
import {
  RefundRefusedError,
  type PaymentProvider,
  type ProviderCharge,
} from '../payments/payment-provider';
import type { RefundMails } from '../orders/refund-mails';

export interface OrderSupportDeps {
  db: Database;
  provider: PaymentProvider;
  /** Tells the buyer of each refund that went through. */
  refundMails?: RefundMails;
}

const REFUNDABLE_STATUSES: readonly OrderRow['status'][] = ['paid', 'fulfilled'];
const RESERVED: readonly OrderRefundRecord['status'][] = ['pending', 'succeeded'];

const providerRefundKey = (refundId: string) => `ops-refund:${refundId}`;

function summary(row: OrderRow, refunded: number, kind: ListedOrderKind) {
  return {
    id: row.id,
    kind,
    email: row.email,
    name: row.name,
    status: row.status,
    currency: row.currency as 'usd' | 'cad',
    total: row.total_cents,
    refunded,
    businessKey: row.business_key,
    createdAt: row.created_at.toISOString(),
  };
}

// The cursor an operator's next page asks with: the last row's position, as `<time>_<id>`.
const encodeCursor = (position: OrderPosition) => `${position.at}_${position.id}`;
function decodeCursor(cursor: string): OrderPosition {
  const split = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, split), id: cursor.slice(split + 1) };
}

/** One page of orders, newest first, as the console lists them (the search is one of its filters). */
export async function listOrdersFor(db: Database, query: OrderListQuery): Promise<OrderList> {
  const { page, next } = await listOrders(db, {
    q: query.q,
    statuses: query.status,
    kinds: query.kind,
    partner: query.partner,
    from: query.from,
    to: query.to,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: query.limit,
  });
  const refunded = await refundedByOrder(
    db,
    page.map(({ row }) => row.id),
  );
  return {
    orders: page.map(({ row, kind }) => summary(row, refunded.get(row.id) ?? 0, kind)),
    nextCursor: next === null ? null : encodeCursor(next),
  };
}

interface MoneyPicture {
  lines: Awaited<ReturnType<typeof orderLineRows>>;
  upgrades: Awaited<ReturnType<typeof orderUpgradeRows>>;
  /** Each charge that paid for part of the order, as the provider last reported it. */
  charges: { charge: ProviderCharge; purpose: 'order' | 'upgrade' }[];
  chargeOfLine: (line: { upgradeId: string | null }) => string | null;
}

/** Reads lines, upgrades and the provider's charges; call outside a transaction. */
async function moneyPicture(deps: OrderSupportDeps, row: OrderRow): Promise<MoneyPicture> {
  const [lines, upgrades] = await Promise.all([
    orderLineRows(deps.db, row.id),
    orderUpgradeRows(deps.db, row.id),
  ]);
  const refs: { id: string; purpose: 'order' | 'upgrade' }[] = [];
  if (row.payment_charge_id) refs.push({ id: row.payment_charge_id, purpose: 'order' });
  for (const upgrade of upgrades)
    if (upgrade.chargeId && upgrade.status === 'completed')
      refs.push({ id: upgrade.chargeId, purpose: 'upgrade' });
  const charges: MoneyPicture['charges'] = [];
  for (const ref of refs) {
    const charge = await deps.provider.getCharge(ref.id);
    if (charge) charges.push({ charge, purpose: ref.purpose });
  }
  const upgradeCharge = new Map(upgrades.map((upgrade) => [upgrade.id, upgrade.chargeId]));
  return {
    lines,
    upgrades,
    charges,
    chargeOfLine: (line) =>
      line.upgradeId ? (upgradeCharge.get(line.upgradeId) ?? null) : row.payment_charge_id,
  };
}

/**
 * What may still be refunded: per charge, its amount less what is refunded and what operators
 * have reserved (pending); per line, its amount less its own refunds, and never more than its
 * charge has left.
 */
function refundable(row: OrderRow, money: MoneyPicture, refunds: readonly OrderRefundRecord[]) {
  const reserved = refunds.filter((refund) => RESERVED.includes(refund.status));
  const open = REFUNDABLE_STATUSES.includes(row.status);
  const chargeLeft = new Map<string, number>();
  for (const { charge } of money.charges) {
    const sum = (status: OrderRefundRecord['status']) =>
      reserved
        .filter((refund) => refund.chargeId === charge.id && refund.status === status)
        .reduce((total, refund) => total + refund.amount, 0);
    // The provider's figure includes our succeeded refunds unless it was read before they landed.
    const refundedSoFar = Math.max(sum('succeeded'), charge.amountRefunded);
    const left =
      open && charge.status === 'succeeded' ? charge.amount - refundedSoFar - sum('pending') : 0;
    chargeLeft.set(charge.id, Math.max(0, left));
  }
  const lineLeft = (line: MoneyPicture['lines'][number]) => {
    const chargeId = money.chargeOfLine(line);
    const fromCharge = chargeId ? (chargeLeft.get(chargeId) ?? 0) : 0;
    const refunded = reserved
      .filter((refund) => refund.lineId === line.id)
      .reduce((total, refund) => total + refund.amount, 0);
    return { chargeId, refunded, left: Math.max(0, Math.min(line.amount - refunded, fromCharge)) };
  };
  return { chargeLeft, lineLeft };
}

function refundView(refund: OrderRefundRecord) {
  return {
    id: refund.id,
    lineId: refund.lineId,
    chargeId: refund.chargeId,
    amount: refund.amount,
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    reason: refund.reason,
    failureMessage: refund.failureMessage,
    by: refund.actor,
    createdAt: refund.createdAt.toISOString(),
  };
}

export async function orderDetail(
  deps: OrderSupportDeps,
  orderId: string,
): Promise<OpsOrderDetail | null> {
  const row = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  const money = await moneyPicture(deps, row);
  const refunds = await listOrderRefunds(deps.db, orderId);
  const kind = await listedKindOf(deps.db, row);
  const { chargeLeft, lineLeft } = refundable(row, money, refunds);
  const reservedTotal = refunds
    .filter((refund) => RESERVED.includes(refund.status))
    .reduce((total, refund) => total + refund.amount, 0);
  return {
    order: {
      ...summary(row, reservedTotal, kind),
      subtotal: row.subtotal_cents,
      discount: row.discount_cents,
      shipping: row.shipping_cents,
      discountCode: row.discount_code,
      paymentLabel: row.payment_label,
      bnpl: row.bnpl,
      failureMessage: row.failure_message,
    },
    lines: money.lines.map((line) => {
      const { chargeId, refunded, left } = lineLeft(line);
      return { ...line, chargeId, refunded, refundable: left };
    }),
    charges: money.charges.map(({ charge, purpose }) => ({
      id: charge.id,
      purpose,
      status: charge.status,
      amount: charge.amount,
      amountRefunded: charge.amountRefunded,
      currency: charge.currency,
      createdAt: charge.createdAt.toISOString(),
    })),
    upgrades: money.upgrades,
    refunds: refunds.map(refundView),
    refundable: [...chargeLeft.values()].reduce((total, left) => total + left, 0),
    subscription: await subscriptionOfOrder(deps.db, orderId),
  };
}

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

export interface RefundRequest {
  orderId: string;
  lineId?: number;
  reason?: string;
  idempotencyKey: string;
  actor: AuditActor;
  requestId?: string;
}

/**
 * Refunds a whole order (every charge's rest) or one line. The same idempotency key answers with
 * the refunds it made the first time (finishing any the provider had not confirmed).
 */
// eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export async function refundOrder(
  deps: OrderSupportDeps,
  request: RefundRequest,
): Promise<{ refunds: ReturnType<typeof refundView>[]; order: OpsOrderDetail }> {
  const { db, provider } = deps;
  const existingRow = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', request.orderId)
    .executeTakeFirst();
  if (!existingRow) throw notFound('Order not found');
  const money = await moneyPicture(deps, existingRow);
  const before = await orderDetail(deps, request.orderId);

  const reserved = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, request.orderId);
    if (!row) throw notFound('Order not found');
    const earlier = await findRefundsByKey(trx, request.idempotencyKey);
    if (earlier.length > 0) {
      if (earlier.some((refund) => refund.orderId !== request.orderId))
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This idempotency key was already used for a different refund',
        );
      return { refunds: earlier, replay: true };
    }
    if (!REFUNDABLE_STATUSES.includes(row.status))
      throw conflict(`This order is ${row.status}: only a paid order can be refunded`);
    const refunds = await listOrderRefunds(trx, request.orderId);
    const { chargeLeft, lineLeft } = refundable(row, money, refunds);
    const common = {
      orderId: row.id,
      idempotencyKey: request.idempotencyKey,
      reason: request.reason ?? null,
      actor: request.actor.name,
    };
    if (request.lineId !== undefined) {
      const line = money.lines.find((candidate) => candidate.id === request.lineId);
      if (!line) throw notFound('This order has no such line');
      const { chargeId, left } = lineLeft(line);
      if (!chargeId || left <= 0) throw conflict('Nothing of this line is left to refund');
      return {
        refunds: [
          await insertPendingRefund(trx, { ...common, lineId: line.id, chargeId, amount: left }),
        ],
        replay: false,
      };
    }
    const created: OrderRefundRecord[] = [];
    for (const [chargeId, left] of chargeLeft)
      if (left > 0)
        created.push(
          await insertPendingRefund(trx, { ...common, lineId: null, chargeId, amount: left }),
        );
    if (created.length === 0) throw conflict('Nothing of this order is left to refund');
    return { refunds: created, replay: false };
  });

  // The provider is called after the reservation is committed (never inside a transaction).
  let unreachable = false;
  for (const refund of reserved.refunds) {
    if (refund.status !== 'pending') continue;
    try {
      const done = await provider.refund({
        chargeId: refund.chargeId,
        amount: refund.amount,
        reason: refund.reason ?? 'requested_by_operator',
        idempotencyKey: providerRefundKey(refund.id),
      });
      // The mail is queued with the settled refund, under the refund's id: a repeat sends none.
      await db.transaction().execute(async (trx) => {
        await settleRefund(trx, refund.id, { status: 'succeeded', providerRefundId: done.id });
        await deps.refundMails?.queue(trx, {
          orderId: refund.orderId,
          amount: refund.amount,
          key: refund.id,
          reason: null,
        });
      });
      deps.refundMails?.wake();
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) {
        unreachable = true;
        continue;
      }
      await settleRefund(db, refund.id, { status: 'failed', failureMessage: error.message });
    }
  }
  const order = await orderDetail(deps, request.orderId);
  if (!order) throw notFound('Order not found');
  const mine = new Set(reserved.refunds.map((refund) => refund.id));
  const refunds = order.refunds.filter((refund) => mine.has(refund.id));
  if (!reserved.replay)
    await recordAudit(db, {
      actor: request.actor,
      action: request.lineId === undefined ? 'order.refund' : 'order.refund-line',
      target: request.orderId,
      before: { refunded: before?.order.refunded ?? 0, refundable: before?.refundable ?? 0 },
      after: { refunded: order.order.refunded, refundable: order.refundable, refunds },
      requestId: request.requestId,
    });
  if (unreachable)
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'The payment provider did not confirm the refund. Send the same request again to finish it.',
    );
  return { refunds, order };
}
