import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import {
  CheckoutStyles,
  OrderTotals,
  SummaryLines,
  useCheckoutQuote,
} from '@shop/shared/checkout-ui/index';
import { OffersState } from '../../offers/offers-state';
import { useStorefrontOffers } from '../../offers/use-storefront-offers';
import { PartnerTextScope } from '../../partner/partner-text-scope';
import { StorefrontPage } from '../../partner/storefront-styles';
import { usePartner } from '../../partner/use-partner';
import { withOfferTitles, type StorefrontOffer } from '../../offers/storefront-offers';
import { useStorefrontCart } from '../use-storefront-cart';

function CartContents({ offers }: { offers: StorefrontOffer[] }) {
  const partner = usePartner();
  const cart = useStorefrontCart(offers);
  const quote = useCheckoutQuote({
    items: cart.items,
    country: 'US',
    shipUpfront: false,
    discountCode: null,
    businessKey: partner.shopKey,
  });

  if (cart.isLoading) {
    return (
      <div className="sf-state" role="status" aria-label="Loading your cart">
        <Spin size="large" />
      </div>
    );
  }
  if (cart.items.length === 0) {
    return (
      <div className="sf-panel">
        <p>Your cart is empty.</p>
        <Link className="sf-link-button" to="/pricing">
          See tests and pricing
        </Link>
      </div>
    );
  }
  return (
    <div className="sf-cart">
      <section className="sf-panel" aria-label="Items">
        {quote.data ? (
          <SummaryLines
            lines={withOfferTitles(quote.data.lines, offers)}
            currency={quote.data.currency}
            renderActions={(line) => (
              <Button
                type="link"
                onClick={() => void cart.remove(line.lookupKey)}
                aria-label={`Remove ${line.title}`}
              >
                Remove
              </Button>
            )}
          />
        ) : quote.isError ? (
          <p role="alert">We could not price your cart. Please reload the page.</p>
        ) : (
          <Spin />
        )}
        {cart.otherItemCount > 0 && (
          <p className="sf-muted">
            Items from other shops stay in your cart but are not sold here.
          </p>
        )}
      </section>
      <aside className="sf-panel" aria-label="Order summary">
        {quote.data && (
          <OrderTotals
            currency={quote.data.currency}
            subtotal={quote.data.subtotal}
            discount={quote.data.discount}
            discountCode={quote.data.discountCode}
            shipping={quote.data.shipping}
            total={quote.data.total}
            shippingLabel="Shipping (US)"
          />
        )}
        <div className="sf-actions">
          <Link className="sf-link-button" to="/checkout" data-testid="go-to-checkout">
            Go to checkout
          </Link>
          <Link className="sf-link-button sf-link-button--quiet" to="/pricing">
            Keep shopping
          </Link>
        </div>
      </aside>
    </div>
  );
}

export function StorefrontCartPage() {
  const partner = usePartner();
  const state = useStorefrontOffers();
  return (
    <StorefrontPage>
      <CheckoutStyles />
      <h1>Your cart</h1>
      <p className="sf-lead">Sold by {partner.businessName}.</p>
      <PartnerTextScope businessName={partner.businessName}>
        <OffersState state={state}>{(offers) => <CartContents offers={offers} />}</OffersState>
      </PartnerTextScope>
    </StorefrontPage>
  );
}
