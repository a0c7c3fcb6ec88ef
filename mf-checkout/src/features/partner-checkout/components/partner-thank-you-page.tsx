import { useEffect, useMemo } from 'react';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { toApiError } from '@shop/shared/http/api-error';
import { useBusinessCheckoutDetails } from '../../checkout/api/business-checkout-details';
import { CheckoutStyles } from '../../checkout/components/checkout-styles';
import { OrderTotals, SummaryLines } from '../../checkout/components/order-summary';
import { OrderNotHere } from '../../thank-you/components/order-not-here';
import { usePurchaseTracking } from '../../thank-you/hooks/use-purchase-tracking';
import { useThankYouOrderId } from '../../thank-you/hooks/use-thank-you-order';
import { afterPurchaseTarget, withPartnerTitles } from '../hooks/use-partner-checkout';
import { leaveSite } from '../leave-site';

/** Long enough to read the confirmation, short enough not to feel stuck. */
export const AFTER_PURCHASE_REDIRECT_DELAY_MS = 4_000;

const PAID = new Set(['paid', 'fulfilled']);

/** A partner order's confirmation, then (when the partner set one) its own after-purchase page. */
export function PartnerThankYouPage({ partner }: { partner: PartnerCheckout }) {
  const orderId = useThankYouOrderId();
  const order = useBusinessCheckoutDetails(orderId);
  const paid = order.data && PAID.has(order.data.status) ? order.data : null;
  // Reported under the partner's own product titles, like every line the shopper saw.
  const tracked = useMemo(
    () => (paid ? { ...paid, lines: withPartnerTitles(partner, paid.lines) } : undefined),
    [paid, partner],
  );
  usePurchaseTracking(tracked);
  const target = useMemo(
    () =>
      paid
        ? afterPurchaseTarget(
            partner,
            paid.lines.map((line) => line.lookupKey),
          )
        : null,
    [paid, partner],
  );

  useEffect(() => {
    if (!target) return undefined;
    const timer = window.setTimeout(() => leaveSite(target), AFTER_PURCHASE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  return (
    <>
      <CheckoutStyles />
      {!orderId && (
        <p className="co-muted">
          Your receipt is in your inbox. <Link to="/">Back to {partner.businessName}</Link>
        </p>
      )}
      {order.isPending && orderId && (
        <div role="status" aria-label="Loading your order">
          <Spin />
        </div>
      )}
      {order.isError &&
        (toApiError(order.error).status === 404 ? (
          <OrderNotHere className="co-panel" homeLabel={`Back to ${partner.businessName}`} />
        ) : (
          <Alert type="error" showIcon title={toApiError(order.error).message} />
        ))}
      {order.data && (
        <>
          <p className="co-muted" data-testid="order-reference">
            Order <strong>{order.data.id.slice(0, 8).toUpperCase()}</strong> from{' '}
            {partner.businessName}: a receipt is on its way to {order.data.email}.
          </p>
          {target && (
            <p role="status">
              Taking you back to {partner.businessName} in a moment…{' '}
              <a href={target}>Continue now</a>
            </p>
          )}
          <section className="co-panel" aria-label="Your order">
            <SummaryLines
              lines={withPartnerTitles(partner, order.data.lines)}
              currency={order.data.currency}
            />
            <OrderTotals {...order.data} />
          </section>
          <p>
            <Link to="/">Back to {partner.businessName}</Link>
          </p>
        </>
      )}
    </>
  );
}
