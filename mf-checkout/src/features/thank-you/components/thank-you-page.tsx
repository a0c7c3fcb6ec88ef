import { useMemo } from 'react';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import type { Order } from '@shop/shared/contract/checkout';
import { useShell } from '@shop/shared/federation/remote-root';
import { splitFullName } from '@shop/shared/format/full-name';
import { toApiError } from '@shop/shared/http/api-error';
import { deliveryEstimate } from '@shop/shared/rules/delivery-estimate';
import { CheckoutStyles } from '../../checkout/components/checkout-styles';
import { OrderTotals, SummaryLines } from '../../checkout/components/order-summary';
import { isSettling, useConfirmReturnedOrder, useOrder } from '../api/order';
import { useThankYouOrderId } from '../hooks/use-thank-you-order';
import { OrderNotHere } from './order-not-here';
import { PlanAccessNote } from './plan-access-note';
import { UPGRADE_WINDOW_MINUTES } from '@shop/shared/contract/upgrades';
import { usePurchaseTracking } from '../hooks/use-purchase-tracking';

const NEXT_STEPS = [
  'We email your receipt and, once it ships, the tracking number.',
  'Your kit arrives with a prepaid return box and step-by-step instructions.',
  'Collect your sample in the morning and post it back the same day.',
  'Your doctor-reviewed results appear in your account in about 5 days.',
];

/** Shown while the upgrades area is unavailable: the order is done, so nothing here may look broken. */
function UpgradesUnavailable() {
  return (
    <p className="co-note" data-testid="upgrades-fallback">
      Add-on offers cannot be shown right now. Your order is complete and needs nothing more.
    </p>
  );
}

/** A payment still settling with the provider; nothing for a settled order. */
function PaymentState({ order }: { order: Order }) {
  if (!isSettling(order)) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      data-testid="payment-processing"
      title="Payment processing"
      description="Your payment provider is confirming the payment. This page updates by itself, and we email you once it is confirmed."
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * A payment refused after the shopper left the checkout (a pay-later refusal, a bank's page): no
 * thanks, receipt or delivery to promise; nothing was charged and the cart is kept to try again.
 */
function PaymentFailed({ order }: { order: Order }) {
  return (
    <div className="co-page">
      <CheckoutStyles />
      <h1>Your payment did not go through</h1>
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="payment-failed"
        title="Nothing was charged"
        description={
          <>
            {order.payment?.failureMessage ?? 'The payment provider declined it.'} Your cart still
            holds everything, so you can try again. <Link to="/checkout">Back to checkout</Link>
          </>
        }
      />
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ThankYouPage() {
  const { AreaOutlet } = useShell();
  const orderId = useThankYouOrderId();
  const query = useOrder(orderId);
  const order = query.data;
  usePurchaseTracking(order);
  useConfirmReturnedOrder(order);
  const estimate = useMemo(
    () =>
      order
        ? deliveryEstimate(new Date(order.createdAt), order.shippingAddress.country).label
        : null,
    [order],
  );
  // Read once per order: the offers do not vanish while the shopper is looking at them. They
  // charge the order's card, so only a paid order has them.
  const paid = order?.status === 'paid' || order?.status === 'fulfilled';
  const createdAt = order?.createdAt;
  const upgradesOpen = useMemo(
    () =>
      paid && createdAt
        ? Date.now() < new Date(createdAt).getTime() + UPGRADE_WINDOW_MINUTES * 60_000
        : false,
    [paid, createdAt],
  );
  const upgradeProps = useMemo(
    () =>
      order
        ? {
            paymentId: order.payment?.id ?? order.id,
            orderId: order.id,
            email: order.email,
            lookupKeys: order.lines.map((line) => line.lookupKey),
          }
        : undefined,
    [order],
  );

  if (order?.status === 'failed') return <PaymentFailed order={order} />;
  return (
    <div className="co-page">
      <CheckoutStyles />
      {!orderId && (
        <section className="co-panel">
          <h1>Thank you for your order</h1>
          <p className="co-muted">
            Your receipt is in your inbox. <Link to="/">Back to the home page</Link>
          </p>
        </section>
      )}
      {query.isPending && orderId && (
        <div role="status" style={{ padding: 48, textAlign: 'center' }}>
          <Spin /> <span className="co-muted">Loading your order…</span>
        </div>
      )}
      {query.isError &&
        (toApiError(query.error).status === 404 ? (
          <OrderNotHere className="co-panel" heading="h1" homeLabel="Back to the home page" />
        ) : (
          <Alert type="error" showIcon title={toApiError(query.error).message} />
        ))}
      {order && (
        <>
          <h1>Thank you, {splitFullName(order.shippingAddress.name).firstName}!</h1>
          <p className="co-muted" data-testid="order-reference">
            Order <strong>{order.id.slice(0, 8).toUpperCase()}</strong> · a receipt is on its way to{' '}
            {order.email}.{order.paymentLabel ? ` Paid with ${order.paymentLabel}.` : ''}
          </p>
          <PaymentState order={order} />
          <div className="co-layout">
            <div>
              <section className="co-panel" aria-labelledby="co-delivery">
                <h2 id="co-delivery">Delivery</h2>
                <p className="co-estimate" data-testid="thank-you-estimate">
                  {estimate}
                </p>
                <p className="co-muted" style={{ margin: 0 }}>
                  To {order.shippingAddress.line1}, {order.shippingAddress.city},{' '}
                  {order.shippingAddress.state} {order.shippingAddress.postal_code}
                  {order.shipUpfront ? ' · all kits of your plan ship together' : ''}
                </p>
              </section>
              <PlanAccessNote order={order} />
              <section className="co-panel" aria-labelledby="co-next">
                <h2 id="co-next">What happens next</h2>
                <ol style={{ paddingLeft: 20, margin: 0 }}>
                  {NEXT_STEPS.map((step) => (
                    <li key={step} style={{ marginBottom: 6 }}>
                      {step}
                    </li>
                  ))}
                </ol>
              </section>
            </div>
            <aside className="co-aside co-panel" aria-labelledby="co-order-summary">
              <h2 id="co-order-summary">Order summary</h2>
              <SummaryLines lines={order.lines} currency={order.currency} />
              <div style={{ marginTop: 12 }}>
                <OrderTotals {...order} />
              </div>
              {order.bnpl && <p className="co-note">Paid later in 4 instalments, as you agreed.</p>}
            </aside>
          </div>
          {/* Full width: the upgrades area lays out its own offers. The server closes them after the window too. */}
          {upgradesOpen && (
            <section
              aria-label="Add-ons for your order"
              data-testid="upgrades-slot"
              style={{ marginTop: 24 }}
            >
              {AreaOutlet ? (
                <AreaOutlet
                  area="upgrades"
                  areaProps={upgradeProps}
                  fallback={<UpgradesUnavailable />}
                />
              ) : (
                <UpgradesUnavailable />
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
