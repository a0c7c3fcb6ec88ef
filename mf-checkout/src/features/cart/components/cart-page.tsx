import { useEffect } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { cartCount } from '@shop/shared/shell-contract/cart-storage';
import { CheckoutStyles } from '../../shared/checkout-styles';
import { useCart } from '../hooks/use-cart';

const titleOf = (key: string) => key.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export function CartPage() {
  const { track, preloadArea, userContext } = useShell();
  const { cart, add, remove } = useCart();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toAdd = params.get('add');

  useEffect(() => {
    // "Choose" links on the pricing page land here with ?add=<key>.
    if (!toAdd) return;
    add(toAdd);
    track('add_to_cart', { items: [{ item_id: toAdd, quantity: 1 }] });
    navigate('/shopping-cart', { replace: true });
  }, [toAdd, add, track, navigate]);

  useEffect(() => preloadArea?.('checkout'), [preloadArea]);

  const count = cartCount(cart);
  return (
    <div className="co-page">
      <CheckoutStyles />
      <h1>Your cart</h1>
      {count === 0 ? (
        <Empty description="Your cart is empty.">
          <Link to="/pricing">Browse tests and pricing</Link>
        </Empty>
      ) : (
        <div className="co-layout">
          <section aria-label="Items in your cart">
            <ul className="co-list">
              {cart.items.map((item) => (
                <li key={item.key}>
                  <span>
                    <strong>{titleOf(item.key)}</strong>
                    <br />
                    Quantity {item.quantity}
                  </span>
                  <Button onClick={() => remove(item.key)} aria-label={`Remove ${titleOf(item.key)}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </section>
          <Card title={<h2 style={{ margin: 0, fontSize: '1.1rem' }}>Summary</h2>}>
            <p>
              {count} {count === 1 ? 'item' : 'items'}. Prices, discounts and shipping are confirmed at checkout.
            </p>
            {userContext.user?.balance ? <p>Your account credit is applied at checkout.</p> : null}
            <Link className="co-cta" to="/checkout">
              Go to checkout
            </Link>
          </Card>
        </div>
      )}
    </div>
  );
}
