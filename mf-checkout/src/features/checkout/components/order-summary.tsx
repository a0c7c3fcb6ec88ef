import type { ReactNode } from 'react';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import type { Balance } from '@shop/shared/contract/user';
import { billingLabel } from '@shop/shared/format/billing-label';
import { formatMoney } from '@shop/shared/format/money';

export interface SummaryLine {
  lookupKey: string;
  title: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  interval?: DerivedInterval | null;
}

export interface TotalsProps {
  currency: string;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: number | null;
  total: number;
  shippingLabel?: string;
  /** Account credit in cents, shown on cart and checkout only. */
  balance?: number | null;
}

export function OrderTotals({
  currency,
  subtotal,
  discount,
  discountCode,
  shipping,
  total,
  shippingLabel = 'Shipping',
  balance,
}: TotalsProps) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <dl className="co-totals" aria-label="Order totals">
      <dt>Subtotal</dt>
      <dd data-testid="summary-subtotal">{money(subtotal)}</dd>
      {discount > 0 && (
        <>
          <dt className="co-discount">Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd className="co-discount" data-testid="summary-discount">
            −{money(discount)}
          </dd>
        </>
      )}
      <dt>{shippingLabel}</dt>
      <dd data-testid="summary-shipping">
        {shipping === null ? 'Calculated at checkout' : shipping === 0 ? 'Free' : money(shipping)}
      </dd>
      <dt className="co-total">Total</dt>
      <dd className="co-total" data-testid="summary-total">
        {money(total)}
      </dd>
      {balance ? (
        <>
          <dt>Account balance</dt>
          <dd data-testid="summary-balance">{money(balance)}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function SummaryLines({
  lines,
  currency,
  renderActions,
}: {
  lines: readonly SummaryLine[];
  currency: string;
  renderActions?: (line: SummaryLine) => ReactNode;
}) {
  return (
    <ul className="co-list">
      {lines.map((line) => (
        <li
          key={line.lookupKey}
          className="co-line"
          data-testid="summary-line"
          data-line-key={line.lookupKey}
        >
          <div>
            <div className="co-line-title">{line.title}</div>
            <div className="co-line-meta">
              {billingLabel(line.interval)} · {line.quantity} ×{' '}
              {formatMoney(line.unitAmount, currency)}
            </div>
          </div>
          <div className="co-line-amount">{formatMoney(line.amount, currency)}</div>
          {renderActions && <div className="co-line-actions">{renderActions(line)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** Account credit in cents from cms-info's { amount, currency }; null when it was not asked for. */
export function balanceCents(balance: Balance | undefined): number | null {
  return balance ? balance.amount : null;
}

/** The totals of a quote or an order, with the shipping line named for the destination. */
export function QuoteTotals({
  quote,
  country,
  balance,
}: {
  quote: Omit<TotalsProps, 'shippingLabel' | 'balance'>;
  country: string;
  balance?: number | null;
}) {
  return (
    <OrderTotals
      currency={quote.currency}
      subtotal={quote.subtotal}
      discount={quote.discount}
      discountCode={quote.discountCode}
      shipping={quote.shipping}
      shippingLabel={`Shipping to ${country === 'CA' ? 'Canada' : 'the US'}`}
      total={quote.total}
      balance={balance}
    />
  );
}
