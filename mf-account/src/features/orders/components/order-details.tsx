import { useId } from 'react';
import Button from 'antd/es/button';
import { Link } from 'react-router';
import type { AccountOrderDetail } from '@shop/shared/contract/account-orders';
import { formatMoney } from '@shop/shared/format/money';
import { useShell } from '@shop/shared/federation/remote-root';
import { AddressLines } from '../../account-overview/components/shipping-address-panel';
import { subscriptionPath } from '../../subscriptions/components/subscription-details';
import { formatDate } from '../../subscriptions/model/subscription-text';
import { accountOrderReceiptUrl } from '../api/account-order-receipt';
import { orderOrigin, orderStatusText } from '../model/order-text';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section className="acc-panel" aria-labelledby={titleId}>
      <div className="acc-panel-head">
        <h2 id={titleId}>{title}</h2>
      </div>
      {children}
    </section>
  );
}

function Totals({ order }: { order: AccountOrderDetail }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const rows: [string, string][] = [
    ['Subtotal', money(order.subtotal)],
    ...(order.discount > 0
      ? [
          [
            `Discount${order.discountCode ? ` (${order.discountCode})` : ''}`,
            `−${money(order.discount)}`,
          ] as [string, string],
        ]
      : []),
    ['Shipping', order.shipping === 0 ? 'Free' : money(order.shipping)],
    ['Total', money(order.total)],
    ...(order.refunded > 0 ? [['Refunded', `−${money(order.refunded)}`] as [string, string]] : []),
  ];
  return (
    <dl className="acc-totals" aria-label="Totals">
      {rows.map(([label, value]) => (
        <div key={label} data-total={label === 'Total' ? 'true' : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order as its receipt shows it, with its refunds and the receipt to download or print. */
export function OrderDetails({ order }: { order: AccountOrderDetail }) {
  const { api } = useShell();
  const money = (cents: number) => formatMoney(cents, order.currency);
  return (
    <>
      <h1>Order {order.number}</h1>
      <p className="acc-page-lead">
        Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> ·{' '}
        {orderOrigin(order)} · <span className="acc-badge">{orderStatusText(order)}</span>
        {order.subscriptionId && (
          <>
            {' · '}
            <Link to={subscriptionPath(order.subscriptionId)}>Your subscription</Link>
          </>
        )}
      </p>
      <div className="acc-grid">
        <section className="acc-panel acc-wide" aria-label="Receipt">
          <div className="acc-panel-head">
            <h2>Receipt</h2>
            <div className="acc-actions acc-no-print">
              <Button href={accountOrderReceiptUrl(api, order.id)} download>
                Download receipt (PDF)
              </Button>
              <Button onClick={() => window.print()}>Print</Button>
            </div>
          </div>
          <ul className="acc-list acc-order-lines" aria-label="Items">
            {order.lines.map((line, index) => (
              <li key={`${line.title}-${index}`} className="acc-order-line">
                <span className="acc-history-text">
                  <strong>{line.title}</strong>
                  <span className="acc-muted">
                    {line.quantity} × {money(line.unitAmount)}
                  </span>
                </span>
                <span className="acc-history-amount">{money(line.amount)}</span>
              </li>
            ))}
          </ul>
          <Totals order={order} />
        </section>
        <Panel title="Payment">
          <p>{order.paymentLabel ?? 'Paid'}</p>
          <p className="acc-muted">Receipt sent to {order.email}</p>
        </Panel>
        <Panel title="Shipping address">
          <AddressLines address={order.shippingAddress} />
        </Panel>
        <section className="acc-panel acc-wide" aria-label="Refunds">
          <div className="acc-panel-head">
            <h2>Refunds</h2>
          </div>
          {order.refunds.length === 0 ? (
            <p className="acc-muted">No refunds on this order.</p>
          ) : (
            <ul className="acc-list">
              {order.refunds.map((refund) => (
                <li key={refund.id} className="acc-order-line">
                  <span className="acc-history-text">
                    <strong>{refund.lineTitle ?? 'Whole order'}</strong>
                    <span className="acc-muted">
                      <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
                      {refund.status === 'pending' && ' · on its way to your card'}
                    </span>
                  </span>
                  <span className="acc-history-amount">−{money(refund.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
