import Card from 'antd/es/card';
import { Link } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { cartCount } from '@shop/shared/shell-contract/cart-storage';
import { CheckoutStyles } from '../../shared/checkout-styles';
import { useCart } from '../../cart/hooks/use-cart';

const STEPS = ['Contact', 'Shipping', 'Payment'] as const;

export function CheckoutPage() {
  const { userContext } = useShell();
  const { cart } = useCart();
  const count = cartCount(cart);
  return (
    <div className="co-page">
      <CheckoutStyles />
      <h1>Checkout</h1>
      <ol className="co-steps" aria-label="Checkout steps">
        {STEPS.map((step, index) => (
          <li key={step} aria-current={index === 0 ? 'step' : undefined}>
            {index + 1}. {step}
          </li>
        ))}
      </ol>
      <div className="co-layout">
        <Card title={<h2 style={{ margin: 0, fontSize: '1.1rem' }}>Contact</h2>}>
          {userContext.user ? (
            <p>
              Ordering as <strong>{userContext.user.email}</strong>.
            </p>
          ) : (
            <p>
              Have an account? <Link to="/login?redirect=%2Fcheckout">Log in</Link> for faster checkout, or continue as a guest.
            </p>
          )}
        </Card>
        <Card title={<h2 style={{ margin: 0, fontSize: '1.1rem' }}>Order</h2>}>
          <p>
            {count} {count === 1 ? 'item' : 'items'} in your cart.
          </p>
          <Link to="/shopping-cart">Edit cart</Link>
        </Card>
      </div>
    </div>
  );
}
