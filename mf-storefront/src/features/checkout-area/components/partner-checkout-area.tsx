import { useMemo } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { OffersState } from '../../offers/components/offers-state';
import type { StorefrontOffer } from '../../offers/model/storefront-offers';
import { useStorefrontOffers } from '../../offers/hooks/use-storefront-offers';
import { StorefrontPage } from '../../partner/components/storefront-styles';
import { usePartner } from '../../partner/hooks/use-partner';
import { partnerCheckoutProps } from '../model/partner-checkout-props';

function CheckoutArea({ offers }: { offers: StorefrontOffer[] }) {
  const { AreaOutlet } = useShell();
  const partner = usePartner();
  const areaProps = useMemo(
    () => ({
      partnerCheckout: partnerCheckoutProps({
        shopKey: partner.shopKey,
        businessName: partner.businessName,
        offers,
        redirectAfterPurchase: partner.customization.redirectAfterPurchase,
      }),
    }),
    [partner.shopKey, partner.businessName, partner.customization.redirectAfterPurchase, offers],
  );
  if (!AreaOutlet) return <p role="alert">Checkout cannot be shown here.</p>;
  return <AreaOutlet area="checkout" areaProps={areaProps} />;
}

/**
 * The partner's cart, checkout and thank-you pages: this storefront's frame and heading around the
 * checkout area itself (the same checkout as the shop's), told who sells and under which names.
 */
export function PartnerCheckoutArea({
  heading,
  lead,
}: {
  heading: string;
  lead?: (businessName: string) => string;
}) {
  const partner = usePartner();
  const state = useStorefrontOffers();
  return (
    <StorefrontPage>
      <h1>{heading}</h1>
      {lead && <p className="sf-lead">{lead(partner.businessName)}</p>}
      {/* The checkout area titles every line from these offers; its text is never rewritten here. */}
      <OffersState state={state}>{(offers) => <CheckoutArea offers={offers} />}</OffersState>
    </StorefrontPage>
  );
}
