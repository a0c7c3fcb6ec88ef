// The cart's plain forms (pages that work without JavaScript): their names and where they post.
// The catalog's, a partner's and the cart page's components draw them; the checkout's
// server/handle-form.ts answers them (the cart is the checkout's).

/** The shop's own cart page, which every "Add to cart" form posts to (the cart is the checkout's). */
export const CART_PATH = '/shopping-cart';

/** "+", "−" and Remove on a cart line: sets the line's quantity (0 removes it). */
export const CART_LINE_FORM = 'cart-line';

/**
 * "Add to cart" from any page (the catalog's, a partner's): adds one, then opens `then` (a
 * same-origin path, e.g. a partner's cart) or the shop's cart.
 */
export const CART_ADD_FORM = 'cart-add';
