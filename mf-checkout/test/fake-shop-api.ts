// A test double of the shop API for component tests: the shared fake adapter answering the
// checkout calls from in-memory state.
import type { Cart, CartItem } from '@shop/shared/contract/cart';
import type { CheckoutQuote, Order } from '@shop/shared/contract/checkout';
import { createFakeApi, fakeError, type FakeHandler } from '@shop/shared/shell-contract/fake-api';
import { TEST_PAYMENTS_CONFIG } from '@shop/shared/payments/test-provider-fake';

export interface FakePrice {
  title: string;
  unitAmount: number;
  interval: CheckoutQuote['lines'][number]['interval'];
}

export const PRICES: Record<string, FakePrice> = {
  bloodwise_quarterly: { title: 'Bloodwise Quarterly', unitAmount: 12_900, interval: 'quarter' },
  bloodwise_kit_one_time: { title: 'Bloodwise Complete Panel', unitAmount: 14_900, interval: null },
  mini_panel_upgrade: { title: 'Mini Panel', unitAmount: 3_900, interval: null },
  acme_kit: { title: 'Bloodwise Complete Panel', unitAmount: 12_900, interval: null },
};

export function createFakeShopApi(initialCart: CartItem[] = []) {
  let cart: Cart = { items: initialCart, updatedAt: null };
  const orders = new Map<string, Order>();

  function quote(
    items: CartItem[],
    country = 'US',
    discountCode: string | null = null,
  ): CheckoutQuote {
    const lines = items.map((item) => {
      const price = PRICES[item.lookupKey]!;
      return {
        lookupKey: item.lookupKey,
        priceId: `price_${item.lookupKey}`,
        title: price.title,
        quantity: item.quantity,
        unitAmount: price.unitAmount,
        amount: price.unitAmount * item.quantity,
        interval: price.interval,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = discountCode === 'WELCOME10' ? Math.round(subtotal / 10) : 0;
    const kits = items.reduce((sum, item) => sum + item.quantity, 0);
    const shipping = kits === 0 ? 0 : (country === 'CA' ? 1_495 : 595) + 200 * (kits - 1);
    return {
      currency: 'usd',
      lines,
      subtotal,
      discount,
      shipping,
      total: subtotal - discount + shipping,
      discountCode: discount ? discountCode : null,
      discountProblem: null,
    };
  }

  const routes: FakeHandler = ({ method, url, params, body }) => {
    if (url === '/api/v1/cart' && method === 'get') return { status: 200, data: cart };
    if (url === '/api/v1/cart' && method === 'put') {
      cart = { items: (body as { items: CartItem[] }).items, updatedAt: new Date().toISOString() };
      return { status: 200, data: cart };
    }
    if (url === '/api/v1/cart/priced' && method === 'put') {
      const input = body as { items: CartItem[]; country?: string; discountCode?: string | null };
      cart = { items: input.items, updatedAt: new Date().toISOString() };
      const priced = input.items.length
        ? quote(input.items, input.country, input.discountCode ?? null)
        : null;
      return { status: 200, data: { cart, quote: priced } };
    }
    if (url.endsWith('/checkout/quote')) {
      const input = body as { items: CartItem[]; country?: string; discountCode?: string | null };
      return { status: 200, data: quote(input.items, input.country, input.discountCode ?? null) };
    }
    if (url.endsWith('/checkout/shipping-cost'))
      return { status: 200, data: { shippingCost: params.consolidated === 1 ? 995 : 595 } };
    if (url.endsWith('/checkout/start')) return { status: 200, data: { ok: true } };
    if (url.endsWith('/payments/stripe-subscriptions/config'))
      return { status: 200, data: TEST_PAYMENTS_CONFIG };
    if (url === '/employer-form-submit' && method === 'post') {
      // Like the server: the cart becomes the order that waits for the employer.
      cart = { items: [], updatedAt: new Date().toISOString() };
      return { status: 201, data: { ok: true, requestId: 'request-1', orderId: 'order-employer' } };
    }
    if (url === '/user/is-new-customer') return { status: 200, data: { isNewCustomer: true } };
    const business = /\/business\/checkout\/([^/]+)\/details$/.exec(url);
    const order = business ?? /\/checkout\/orders\/([^/]+)$/.exec(url);
    if (order && method === 'get') {
      const found = orders.get(decodeURIComponent(order[1]!));
      return found ? { status: 200, data: found } : fakeError(404, 'NOT_FOUND', 'Order not found');
    }
    return undefined;
  };

  const api = createFakeApi(routes);
  return {
    ...api,
    orders,
    /** The quote the fake prices a cart with, as the server would. */
    quote,
    get cart() {
      return cart;
    },
  };
}
