// The checkout's plain form posts (pages that work without JavaScript): each maps to the one API
// call the live cart makes; where it goes next is only ever a path of this origin.
import { API_PATHS } from '@shop/shared/contract/paths';
import { CART_ADD_FORM, CART_LINE_FORM, CART_PATH } from '@shop/shared/cart/cart-forms';
import { handleForm } from '../src/server/handle-form';

const post = (fields: Record<string, string>, pathname = CART_PATH, basename = '') =>
  handleForm({ pathname, search: '', basename, fields });

describe("the checkout's plain forms", () => {
  it('sets a cart line to the quantity its button posts, and comes back to the cart', () => {
    expect(post({ _form: CART_LINE_FORM, lookupKey: 'bloodwise_annual', quantity: '3' })).toEqual({
      form: CART_LINE_FORM,
      call: {
        method: 'POST',
        path: API_PATHS.cartLine,
        body: { lookupKey: 'bloodwise_annual', mode: 'set', quantity: 3 },
      },
      done: CART_PATH,
      back: CART_PATH,
    });
  });

  it('hands a quantity that is not a small whole number to the API as written, for its own refusal', () => {
    for (const quantity of ['-1', '1.5', 'abc', '99999']) {
      const plan = post({ _form: CART_LINE_FORM, lookupKey: 'k', quantity });
      expect(plan?.call.body).toMatchObject({ quantity });
    }
  });

  it("adds one, then opens the partner's cart it names, or the shop's", () => {
    const plan = post({ _form: CART_ADD_FORM, lookupKey: 'k', then: '/b2b/acme/shopping-cart' });
    expect(plan?.call.body).toEqual({ lookupKey: 'k', mode: 'add', quantity: 1 });
    expect(plan?.done).toBe('/b2b/acme/shopping-cart');
    expect(plan?.back).toBe(CART_PATH);
    expect(post({ _form: CART_ADD_FORM, lookupKey: 'k' })?.done).toBe(CART_PATH);
  });

  it('never sends the shopper off this origin, whatever `then` says', () => {
    for (const then of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/x\nSet-Cookie: a=b',
      '',
    ])
      expect(post({ _form: CART_ADD_FORM, lookupKey: 'k', then })?.done).toBe(CART_PATH);
  });

  it('knows no other form, page or mount', () => {
    expect(post({ _form: 'nope' })).toBeNull();
    expect(post({})).toBeNull();
    expect(post({ _form: CART_LINE_FORM }, '/checkout')).toBeNull();
    expect(post({ _form: CART_LINE_FORM }, '/b2b/acme/shopping-cart', '/b2b/acme')).toBeNull();
  });
});
