import { useEffect, useState } from 'react';
import Spin from 'antd/es/spin';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAreaCart } from '@shop/shared/cart/use-cart';
import { CART_QUERY_KEY } from '@shop/shared/contract/cart-keys';
import { useShell } from '@shop/shared/federation/remote-root';
import { THANK_YOU_PATH, useShowThankYou } from '../../thank-you/hooks/use-thank-you-order';
import { CheckoutForm } from './checkout-form';
import { CheckoutStyles } from './checkout-styles';
import { rememberNewCustomer } from '../../thank-you/new-customer-flag';
import { EmployerPayPage } from './employer-pay-page';
import {
  EmployerRequest,
  EmployerRequestSentPanel,
  type EmployerRequestSent,
} from './employer-request';

export function CheckoutPage() {
  const [params] = useSearchParams();
  const employerToken = params.get('employerPay');
  const returnedOrder = params.get('order');
  if (employerToken) return <EmployerPayPage token={employerToken} />;
  if (returnedOrder) return <BackFromProvider orderId={returnedOrder} />;
  return <ShopperCheckout />;
}

/**
 * The provider's page (pay later) sends the shopper back to `/checkout?order=<id>&…`: the order
 * goes on to its thank-you page, which confirms it, and the provider's parameters (the intent's
 * client secret among them) leave the address bar.
 */
function BackFromProvider({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(THANK_YOU_PATH, { replace: true, state: { orderId } });
  }, [navigate, orderId]);
  return (
    <div role="status" style={{ padding: 48, textAlign: 'center' }}>
      <Spin /> <span className="co-muted">Loading your order…</span>
    </div>
  );
}

function ShopperCheckout() {
  const { userContext } = useShell();
  const { cart, isLoading } = useAreaCart();
  const showThankYou = useShowThankYou();
  const queryClient = useQueryClient();
  const [employerSent, setEmployerSent] = useState<EmployerRequestSent | null>(null);

  return (
    <div className="co-page">
      <CheckoutStyles />
      <div className="co-banner">
        <h1>Checkout</h1>
        {!userContext.user && (
          <p className="co-muted">
            Have an account? <Link to="/login?redirect=%2Fcheckout">Log in</Link> to use your saved
            cards.
          </p>
        )}
      </div>
      {employerSent ? (
        <EmployerRequestSentPanel sent={employerSent} />
      ) : isLoading ? (
        <div role="status" style={{ padding: 48, textAlign: 'center' }}>
          <Spin /> <span className="co-muted">Loading your cart…</span>
        </div>
      ) : cart.items.length === 0 ? (
        <section className="co-panel" aria-labelledby="co-nothing">
          <h2 id="co-nothing">There is nothing to check out yet</h2>
          <p className="co-muted">
            Your cart is empty. <Link to="/pricing">Browse tests and pricing</Link>.
          </p>
        </section>
      ) : (
        <CheckoutForm
          items={cart.items}
          onPlaced={(order, { newCustomer }) => {
            rememberNewCustomer(order.id, newCustomer);
            // The server emptied the cart when the order was written.
            void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
            showThankYou(order.id);
          }}
          extraActions={(details) => (
            <EmployerRequest
              items={cart.items}
              details={details}
              onSent={(sent) => {
                setEmployerSent(sent);
                // The server emptied the cart when it saved the order for the employer.
                void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
              }}
            />
          )}
        />
      )}
    </div>
  );
}
