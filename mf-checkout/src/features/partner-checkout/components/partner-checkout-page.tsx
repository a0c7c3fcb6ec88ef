import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { CheckoutForm } from '../../checkout/components/checkout-form';
import { CheckoutStyles } from '../../checkout/components/checkout-styles';
import { useShowThankYou } from '../../thank-you/hooks/use-thank-you-order';
import { usePartnerCart } from '../hooks/use-partner-cart';
import { withPartnerTitles } from '../hooks/use-partner-checkout';

/** The same checkout form as the shop's, as the partner's business checkout. */
export function PartnerCheckoutPage({ partner }: { partner: PartnerCheckout }) {
  const cart = usePartnerCart(partner);
  const showThankYou = useShowThankYou();
  if (cart.isLoading) return <Spin />;
  if (cart.items.length === 0) {
    return (
      <div className="co-panel">
        <CheckoutStyles />
        <p>There is nothing to check out yet.</p>
        <Link className="co-cta co-cta-inline" to="/pricing">
          See tests and pricing
        </Link>
      </div>
    );
  }
  return (
    <CheckoutForm
      items={cart.items}
      businessKey={partner.businessKey}
      titleLines={(lines) => withPartnerTitles(partner, lines)}
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
