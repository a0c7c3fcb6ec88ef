import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAddToCart } from '@shop/shared/cart/use-cart';
import { intervalDuration } from '@shop/shared/catalog/recurring-interval';
import { billingLabel } from '@shop/shared/format/billing-label';
import { formatMoney } from '@shop/shared/format/money';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { FIRST_VIEW_ACTION_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { FORM_NAME_FIELD } from '@shop/shared/ssr/server-form';
import { CART_ADD_FORM, CART_PATH } from '@shop/shared/cart/cart-forms';
import {
  offerTrackingEvent,
  useTrackAddToCart,
  useViewItem,
} from '../../analytics/hooks/use-offer-tracking';
import type { StorefrontOffer } from '../model/storefront-offers';

export function OfferCard({ offer }: { offer: StorefrontOffer }) {
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const { notify, navigation, customization } = useShell();
  const [adding, setAdding] = useState(false);
  const trackAddToCart = useTrackAddToCart();
  useViewItem(offer);
  const interval = offer.priceRecurringInterval;
  const headingId = `sf-offer-${offer.key}`;

  async function add() {
    if (!offer.lookupKey) return;
    setAdding(true);
    try {
      await addToCart(offer.lookupKey);
      trackAddToCart(offer);
      navigate('/shopping-cart');
    } catch (error) {
      notify.error('Could not add to your cart', toApiError(error).message);
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className="sf-offer" aria-labelledby={headingId} data-testid="storefront-offer">
      <h3 id={headingId}>{offer.title}</h3>
      <div className="sf-price" data-testid="offer-price">
        {formatMoney(offer.unitAmount, offer.currency)}
        {interval && <small>/ {intervalDuration(interval)}</small>}
      </div>
      <p>{billingLabel(interval)}</p>
      {offer.description && <p>{offer.description}</p>}
      {/* A plain form too (pages without JavaScript): the shop's cart adds the line and opens this
          partner's cart. Live, the button's handler adds it and the post is held back. */}
      <form
        method="post"
        action={CART_PATH}
        style={{ display: 'contents' }}
        onSubmit={(event) => event.preventDefault()}
      >
        <input type="hidden" name={FORM_NAME_FIELD} value={CART_ADD_FORM} />
        <input type="hidden" name="lookupKey" value={offer.lookupKey ?? ''} />
        <input type="hidden" name="then" value={`${navigation.basename}/shopping-cart`} />
        {/* A plain button: antd stays off the first load, and the server draws it as the browser does. */}
        <button
          type="submit"
          className="sf-button"
          disabled={adding}
          aria-busy={adding}
          onClick={() => void add()}
          aria-label={`Add to cart: ${offer.title}`}
          // The shell's first script does this press itself before this page is live.
          {...(offer.lookupKey && {
            [FIRST_VIEW_ACTION_ATTRIBUTE]: 'cart-add',
            'data-lookup-key': offer.lookupKey,
            'data-then-href': `${navigation.basename}/shopping-cart`,
            'data-track': JSON.stringify(
              offerTrackingEvent('add_to_cart', offer, customization?.shopKey ?? null),
            ),
          })}
        >
          {adding && <span className="sf-spinner sf-spinner--small" aria-hidden="true" />}
          Add to cart
        </button>
      </form>
    </article>
  );
}
