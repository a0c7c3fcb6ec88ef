import { Link } from 'react-router';
import Spin from 'antd/es/spin';
import { CheckoutForm, CheckoutStyles, useShowThankYou } from '@shop/shared/checkout-ui/index';
import { OffersState } from '../../offers/offers-state';
import type { StorefrontOffer } from '../../offers/storefront-offers';
import { useStorefrontOffers } from '../../offers/use-storefront-offers';
import { PartnerTextScope } from '../../partner/partner-text-scope';
import { StorefrontPage } from '../../partner/storefront-styles';
import { usePartner } from '../../partner/use-partner';
import { useStorefrontCart } from '../../cart/use-storefront-cart';

function CheckoutContents({ offers }: { offers: StorefrontOffer[] }) {
  const partner = usePartner();
  const cart = useStorefrontCart(offers);
  const showThankYou = useShowThankYou();
  if (cart.isLoading) return <Spin />;
  if (cart.items.length === 0) {
    return (
      <div className="sf-panel">
        <p>There is nothing to check out yet.</p>
        <Link className="sf-link-button" to="/pricing">
          See tests and pricing
        </Link>
      </div>
    );
  }
  return (
    <CheckoutForm
      items={cart.items}
      businessKey={partner.shopKey}
      onPlaced={(order) => {
        // The business checkout leaves the cart alone: drop what was just bought.
        const bought = new Set(order.lines.map((line) => line.lookupKey));
        void Promise.all([...bought].map((lookupKey) => cart.remove(lookupKey))).catch(
          () => undefined,
        );
        showThankYou(order.id);
      }}
    />
  );
}

/** The business checkout flow of the Checkout issue, with this partner's businessKey. */
export function StorefrontCheckoutPage() {
  const partner = usePartner();
  const state = useStorefrontOffers();
  return (
    <StorefrontPage>
      <CheckoutStyles />
      <h1>Checkout</h1>
      <p className="sf-lead">Your order with {partner.businessName}.</p>
      <div className="sf-checkout">
        <PartnerTextScope businessName={partner.businessName}>
          <OffersState state={state}>
            {(offers) => <CheckoutContents offers={offers} />}
          </OffersState>
        </PartnerTextScope>
      </div>
    </StorefrontPage>
  );
}
