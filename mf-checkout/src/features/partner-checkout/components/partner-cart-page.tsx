import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { useCheckoutQuote } from '../../checkout/api/checkout-quote';
import { CheckoutStyles } from '../../checkout/components/checkout-styles';
import { OrderTotals, SummaryLines } from '../../checkout/components/order-summary';
import { usePartnerCart } from '../hooks/use-partner-cart';
import { withPartnerTitles } from '../hooks/use-partner-checkout';

/** A partner storefront's cart: the lines the partner sells, under its titles, priced with its business key. */
export function PartnerCartPage({ partner }: { partner: PartnerCheckout }) {
  const cart = usePartnerCart(partner);
  const quote = useCheckoutQuote({
    items: cart.items,
    country: 'US',
    shipUpfront: false,
    discountCode: null,
    businessKey: partner.businessKey,
  });

  if (cart.isLoading) {
    return (
      <div className="co-state" role="status" aria-label="Loading your cart">
        <Spin size="large" />
      </div>
    );
  }
  if (cart.items.length === 0) {
    return (
      <div className="co-panel">
        <CheckoutStyles />
        <p>Your cart is empty.</p>
        <Link className="co-cta co-cta-inline" to="/pricing">
          See tests and pricing
        </Link>
      </div>
    );
  }
  return (
    <div className="co-layout">
      <CheckoutStyles />
      <section className="co-panel" aria-label="Items">
        {quote.data ? (
          <SummaryLines
            lines={withPartnerTitles(partner, quote.data.lines)}
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
          <p className="co-muted">
            Items from other shops stay in your cart but are not sold here.
          </p>
        )}
      </section>
      <aside className="co-panel co-aside" aria-label="Order summary">
        {quote.data && <OrderTotals {...quote.data} shippingLabel="Shipping (US)" />}
        <div className="co-actions">
          <Link className="co-cta" to="/checkout" data-testid="go-to-checkout">
            Go to checkout
          </Link>
          <Link className="co-link-button" to="/pricing">
            Keep shopping
          </Link>
        </div>
      </aside>
    </div>
  );
}
