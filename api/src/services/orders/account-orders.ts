// The account's order history: the signed-in customer's orders in the contract's shape, and each
// order's receipt as a one-page PDF to keep. Another user's order is the same 404 as no order.
import type {
  AccountOrderDetail,
  AccountOrderKind,
  AccountOrderList,
  AccountOrderSummary,
} from '@shop/shared/contract/account-orders';
import type { AddressView, Currency } from '@shop/shared/contract/common';
import { formatMoney } from '@shop/shared/format/money';
import type { Executor } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import {
  findAccountOrder,
  listAccountOrders,
  type AccountOrderRecord,
} from '../../repositories/account-orders-repository';
import { simpleTextPdf } from '../results/simple-pdf';
import { formatDay } from '../subscriptions/subscription-change-email';

export const ACCOUNT_ORDER_NOT_FOUND = 'Order not found';

/** The reference the thank-you page, the receipt and the subscription history give. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

function kindOf(record: AccountOrderRecord): AccountOrderKind {
  if (record.renewal) return 'renewal';
  if (record.row.business_key) return 'partner';
  return record.row.kind === 'business' ? 'business' : 'consumer';
}

function summaryOf(record: AccountOrderRecord): AccountOrderSummary {
  const { row } = record;
  const more = record.lineCount - 1;
  return {
    id: row.id,
    number: orderNumber(row.id),
    kind: kindOf(record),
    partnerName: row.business_key ? (record.partnerName ?? row.business_key) : null,
    status: row.status,
    currency: row.currency as Currency,
    total: centsFromDb(row.total_cents),
    refunded: record.refunded,
    summary: `${record.firstLineTitle ?? 'Order'}${more > 0 ? ` and ${more} more` : ''}`,
    createdAt: row.created_at.toISOString(),
  };
}

export async function accountOrderList(db: Executor, userId: string): Promise<AccountOrderList> {
  return { orders: (await listAccountOrders(db, userId)).map(summaryOf) };
}

export async function accountOrderDetail(
  db: Executor,
  userId: string,
  id: string,
): Promise<AccountOrderDetail> {
  const found = await findAccountOrder(db, userId, id);
  if (!found) throw notFound(ACCOUNT_ORDER_NOT_FOUND);
  const { order, lines, refunds } = found;
  const titles = new Map(lines.map((line) => [line.id, line.title]));
  return {
    ...summaryOf(order),
    email: order.row.email,
    lines: lines.map(({ title, quantity, unitAmount, amount }) => ({
      title,
      quantity,
      unitAmount,
      amount,
    })),
    subtotal: centsFromDb(order.row.subtotal_cents),
    discount: centsFromDb(order.row.discount_cents),
    discountCode: order.row.discount_code,
    shipping: centsFromDb(order.row.shipping_cents),
    paymentLabel: order.row.payment_label,
    shippingAddress: order.row.shipping_address as unknown as AddressView,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      lineTitle: refund.lineId === null ? null : (titles.get(refund.lineId) ?? null),
      createdAt: refund.createdAt.toISOString(),
    })),
    subscriptionId: order.subscriptionId,
  };
}

// The PDF's built-in font speaks Latin-1: the few other characters our labels use are spelled out.
const latin1 = (text: string) =>
  text
    .replace(/•/g, '*')
    .replace(/[–—−]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\xff]/g, '?');

/** The receipt's text, line by line, as the PDF prints it. */
export function receiptLines(order: AccountOrderDetail): string[] {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const address = order.shippingAddress;
  const refunded = order.refunds.map(
    (refund) =>
      `  ${formatDay(new Date(refund.createdAt))}: ${money(refund.amount)}${refund.lineTitle ? ` (${refund.lineTitle})` : ''}${refund.status === 'pending' ? ', on its way' : ''}`,
  );
  return [
    'Bloodwise - Receipt',
    '',
    `Order ${order.number}, placed ${formatDay(new Date(order.createdAt))}`,
    ...(order.partnerName ? [`Bought on ${order.partnerName}'s shop`] : []),
    ...(order.kind === 'renewal' ? ['Subscription renewal'] : []),
    `Email: ${order.email}`,
    '',
    ...order.lines.map((line) => `${line.quantity} x ${line.title}: ${money(line.amount)}`),
    '',
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discount > 0
      ? [
          `Discount${order.discountCode ? ` (${order.discountCode})` : ''}: -${money(order.discount)}`,
        ]
      : []),
    `Shipping: ${order.shipping === 0 ? 'Free' : money(order.shipping)}`,
    `Total: ${money(order.total)}`,
    ...(order.paymentLabel ? [`Paid with ${order.paymentLabel}`] : []),
    '',
    'Shipped to:',
    `  ${address.name}`,
    `  ${address.line1}${address.line2 ? `, ${address.line2}` : ''}`,
    `  ${address.city}, ${address.state} ${address.postal_code}, ${address.country}`,
    ...(refunded.length > 0 ? ['', 'Refunds:', ...refunded] : []),
  ].map(latin1);
}

export async function accountOrderReceiptPdf(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await accountOrderDetail(db, userId, id);
  return {
    filename: `bloodwise-receipt-${order.number}.pdf`,
    pdf: simpleTextPdf(receiptLines(order)),
  };
}
