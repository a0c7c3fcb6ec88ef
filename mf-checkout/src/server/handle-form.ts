// The checkout's plain form posts (pages that work without JavaScript): each maps to the one API
// call the live cart makes, so the API's rules and messages apply unchanged. The site makes the
// call as the visitor and redirects (api/src/site/site-forms.ts).
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  FORM_NAME_FIELD,
  isSameOriginPath,
  type AreaFormHandler,
} from '@shop/shared/ssr/server-form';
import { CART_ADD_FORM, CART_LINE_FORM, CART_PATH } from '@shop/shared/cart/cart-forms';

/** A whole number as a number; anything else as written, for the API to refuse in its own words. */
const quantityOf = (value: string | undefined): number | string | undefined =>
  value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : value;

export const handleForm: AreaFormHandler = ({ pathname, basename, fields }) => {
  // The shop's cart page is where the cart's forms post (a partner's pages post here too).
  if (basename !== '' || pathname.replace(/(.)\/+$/, '$1') !== CART_PATH) return null;
  const form = fields[FORM_NAME_FIELD];
  if (form === CART_LINE_FORM)
    return {
      form,
      call: {
        method: 'POST',
        path: API_PATHS.cartLine,
        body: { lookupKey: fields.lookupKey, mode: 'set', quantity: quantityOf(fields.quantity) },
      },
      done: CART_PATH,
      back: CART_PATH,
    };
  if (form === CART_ADD_FORM) {
    const then = isSameOriginPath(fields.then) ? fields.then : CART_PATH;
    return {
      form,
      call: {
        method: 'POST',
        path: API_PATHS.cartLine,
        body: { lookupKey: fields.lookupKey, mode: 'add', quantity: 1 },
      },
      done: then,
      back: CART_PATH,
    };
  }
  return null;
};
