import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FIRST_VIEW_ADDED_KEY } from '@shop/shared/contract/cart-keys';
import { Link } from 'react-router';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { FIRST_VIEW_ACTION_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { offerEvent } from '../../analytics/model/ecommerce';
import { useAddOfferToCart } from '../hooks/use-add-to-cart';
import { FORM_NAME_FIELD } from '@shop/shared/ssr/server-form';
import { CART_ADD_FORM, CART_PATH } from '@shop/shared/cart/cart-forms';

/** Whether the first view's "Add to cart" added this line before the page was live (read once). */
function useAddedOnFirstView(lookupKey: string): boolean {
  const queryClient = useQueryClient();
  const [added] = useState(
    () => queryClient.getQueryData<string[]>(FIRST_VIEW_ADDED_KEY)?.includes(lookupKey) ?? false,
  );
  // Every button of the page read it in the same first render; a later visit starts plain.
  useEffect(() => {
    if (added) queryClient.removeQueries({ queryKey: FIRST_VIEW_ADDED_KEY, exact: true });
  }, [added, queryClient]);
  return added;
}

/**
 * Adds to the cart, then says so (politely, for screen readers) and offers the way to the cart.
 * On a first view the shell's first script does the same before this page is live: the button
 * names the line and carries the add_to_cart event this component would send.
 */
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
  const lookupKey = offer.lookupKey ?? offer.priceId;
  const addedOnFirstView = useAddedOnFirstView(lookupKey);
  const [state, setState] = useState<'idle' | 'adding' | 'added'>(
    addedOnFirstView ? 'added' : 'idle',
  );
  return (
    // A plain form too (pages without JavaScript): it posts to the shop's cart, whose area adds the
    // line and opens the cart. Live, the button's handler adds it and the post is held back.
    <form
      method="post"
      action={CART_PATH}
      style={{ display: 'contents' }}
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name={FORM_NAME_FIELD} value={CART_ADD_FORM} />
      <input type="hidden" name="lookupKey" value={lookupKey} />
      {/* A plain button: the catalog's first-view pages load no antd (docs/decisions/antd-shipping.md). */}
      <button
        type="submit"
        className={`cat-cta cat-cta--primary${block ? ' cat-cta--block' : ''}`}
        aria-label={`${label}: ${offer.title}`}
        aria-busy={state === 'adding'}
        {...{
          [FIRST_VIEW_ACTION_ATTRIBUTE]: 'cart-add',
          'data-lookup-key': lookupKey,
          'data-track': JSON.stringify(offerEvent('add_to_cart', offer, 1)),
        }}
        disabled={state === 'adding'}
        onClick={async () => {
          setState('adding');
          setState((await addToCart(offer)) ? 'added' : 'idle');
        }}
      >
        {state === 'adding' && <span className="cat-spinner" aria-hidden="true" />}
        {label}
      </button>
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
    </form>
  );
}
