import { useEffect, useMemo } from 'react';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import {
  CheckoutStyles,
  fetchBusinessCheckoutDetails,
  OrderTotals,
  SummaryLines,
  OrderNotHere,
  useThankYouOrderId,
} from '@shop/shared/checkout-ui/index';
import { toApiError } from '@shop/shared/http/api-error';
import { customizationQueryOptions } from '@shop/shared/storefront/customization-query';
import { withOfferTitles } from '../../offers/storefront-offers';
import { useStorefrontOffers } from '../../offers/use-storefront-offers';
import { leaveSite } from '../../partner/leave-site';
import { PartnerTextScope } from '../../partner/partner-text-scope';
import { StorefrontPage } from '../../partner/storefront-styles';
import { usePartner } from '../../partner/use-partner';
import { afterPurchaseTarget } from '../after-purchase-redirect';

/** Long enough to read the confirmation, short enough not to feel stuck. */
export const AFTER_PURCHASE_REDIRECT_DELAY_MS = 4_000;

const PAID = new Set(['paid', 'fulfilled']);

function useAfterPurchaseTarget(lookupKeys: readonly string[] | null): string | null {
  const { api } = useShell();
  const partner = usePartner();
  // The full customization maps each bought price back to the partner's product key.
  const full = useQuery({
    ...customizationQueryOptions(api, partner.shopKey, { excludeProducts: false }),
    enabled: lookupKeys !== null,
  });
  return useMemo(() => {
    if (!lookupKeys || !full.isSuccess) return null;
    const products = Array.isArray(full.data?.products)
      ? (full.data.products as { key: string; price: string }[])
      : [];
    const keys = lookupKeys.map(
      (lookupKey) => products.find((product) => product.price === lookupKey)?.key ?? lookupKey,
    );
    return afterPurchaseTarget(partner.customization.redirectAfterPurchase, keys);
  }, [lookupKeys, full.isSuccess, full.data, partner.customization.redirectAfterPurchase]);
}

export function StorefrontThankYouPage() {
  const { api } = useShell();
  const partner = usePartner();
  const orderId = useThankYouOrderId();
  const order = useQuery({
    queryKey: ['storefront', 'order', orderId],
    queryFn: () => fetchBusinessCheckoutDetails(api, orderId!),
    enabled: Boolean(orderId),
    staleTime: 60_000,
  });
  const paid = order.data && PAID.has(order.data.status) ? order.data : null;
  const lookupKeys = useMemo(
    () => (paid ? paid.lines.map((line) => line.lookupKey) : null),
    [paid],
  );
  const target = useAfterPurchaseTarget(lookupKeys);
  const offers = useStorefrontOffers();

  useEffect(() => {
    if (!target) return undefined;
    const timer = window.setTimeout(() => leaveSite(target), AFTER_PURCHASE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  return (
    <StorefrontPage>
      <CheckoutStyles />
      <h1>Thank you for your order</h1>
      {!orderId && (
        <p className="sf-lead">
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
          <OrderNotHere className="sf-panel" homeLabel={`Back to ${partner.businessName}`} />
        ) : (
          <Alert type="error" showIcon title={toApiError(order.error).message} />
        ))}
      {order.data && (
        <PartnerTextScope businessName={partner.businessName}>
          <p className="sf-lead" data-testid="order-reference">
            Order <strong>{order.data.id.slice(0, 8).toUpperCase()}</strong> from{' '}
            {partner.businessName}: a receipt is on its way to {order.data.email}.
          </p>
          {target && (
            <p role="status">
              Taking you back to {partner.businessName} in a moment…{' '}
              <a href={target}>Continue now</a>
            </p>
          )}
          <section className="sf-panel" aria-label="Your order">
            <SummaryLines
              lines={withOfferTitles(order.data.lines, offers.offers ?? [])}
              currency={order.data.currency}
            />
            <OrderTotals
              currency={order.data.currency}
              subtotal={order.data.subtotal}
              discount={order.data.discount}
              discountCode={order.data.discountCode}
              shipping={order.data.shipping}
              total={order.data.total}
            />
          </section>
          <p>
            <Link to="/">Back to {partner.businessName}</Link>
          </p>
        </PartnerTextScope>
      )}
    </StorefrontPage>
  );
}
