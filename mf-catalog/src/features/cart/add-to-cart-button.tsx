import Button from 'antd/es/button';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CatalogOffer } from '../catalog-data/catalog-offer';
import { useAddOfferToCart } from './use-add-to-cart';

/** Adds to the cart, then says so (politely, for screen readers) and offers the way to the cart. */
export function AddToCartButton({
  offer,
  label = 'Add to cart',
  block = false,
}: {
  offer: CatalogOffer;
  label?: string;
  block?: boolean;
}) {
  const addToCart = useAddOfferToCart();
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  return (
    <>
      <Button
        type="primary"
        size="large"
        block={block}
        aria-label={`${label}: ${offer.title}`}
        loading={state === 'adding'}
        onClick={async () => {
          setState('adding');
          setState((await addToCart(offer)) ? 'added' : 'idle');
        }}
      >
        {label}
      </Button>
      <span className="cat-added" role="status" aria-live="polite">
        {state === 'added' && (
          <>
            Added to your cart.{' '}
            <Link to="/shopping-cart" className="cat-link">
              View cart
            </Link>
          </>
        )}
      </span>
    </>
  );
}
