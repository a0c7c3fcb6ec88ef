// The shop API for the storefront's component tests: the shared fake adapter answering from
// in-memory catalog, customizations, cart and business checkouts.
import type { Cart, CartItem } from '@shop/shared/contract/cart';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import type { Order } from '@shop/shared/contract/checkout';
import {
  createFakeApi,
  fakeError,
  type FakeAnswer,
  type FakeHandler,
} from '@shop/shared/shell-contract/fake-api';
import { MAIN_PAGE_COPY, OFFERS, PRICES } from './storefront-fixtures';

const notFound = (message: string): FakeAnswer => fakeError(404, 'NOT_FOUND', message);

export function createFakeStorefrontApi(
  customizations: Record<string, Record<string, unknown>>,
  initialCart: CartItem[] = [],
) {
  let cart: Cart = { items: initialCart, updatedAt: null };
  const orders = new Map<string, Order & { polls: number }>();

  function priced(items: readonly CartItem[]) {
    const lines = items.map((item) => {
      const price = PRICES.find((candidate) => candidate.lookupKey === item.lookupKey)!;
      const product = OFFERS.find((candidate) => candidate.key === price.productKey)!;
      return {
        lookupKey: item.lookupKey,
        priceId: price.id,
        title: product.title,
        quantity: item.quantity,
        unitAmount: price.unitAmount,
        amount: price.unitAmount * item.quantity,
        interval: (price.recurring
          ? price.recurring.intervalCount === 3
            ? 'quarter'
            : price.recurring.interval
          : null) as DerivedInterval | null,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    return {
      currency: 'usd' as const,
      lines,
      subtotal,
      discount: 0,
      shipping: 595,
      total: subtotal + 595,
      discountCode: null,
      discountProblem: null,
    };
  }

  const routes: FakeHandler = ({ method, url, params, body }) => {
    const customization = /^\/api\/v1\/customization\/([^/]+)$/.exec(url);
    if (customization && method === 'get') {
      const found = customizations[decodeURIComponent(customization[1]!)];
      if (!found) return notFound('No storefront');
      return { status: 200, data: params.excludeProducts ? { ...found, products: null } : found };
    }
    if (url === '/api/v1/catalog/offers') return { status: 200, data: { offers: OFFERS } };
    if (url === '/api/v1/catalog/prices') return { status: 200, data: { prices: PRICES } };
    if (url === '/api/v1/catalog/content')
      return { status: 200, data: { mainPage: MAIN_PAGE_COPY } };
    if (url === '/api/v1/cart' && method === 'get') return { status: 200, data: cart };
    if (url === '/api/v1/cart' && method === 'put') {
      cart = { items: (body as { items: CartItem[] }).items, updatedAt: new Date().toISOString() };
      return { status: 200, data: cart };
    }
    if (url.endsWith('/checkout/quote'))
      return { status: 200, data: priced((body as { items: CartItem[] }).items) };
    if (url.endsWith('/checkout/shipping-cost'))
      return { status: 200, data: { shippingCost: 595 } };
    if (url.endsWith('/checkout/start')) return { status: 200, data: { ok: true } };
    if (url === '/user/is-new-customer') return { status: 200, data: { isNewCustomer: true } };
    if (/\/discounts\/[^/]+$/.test(url)) return { status: 200, data: null };
    if (url.endsWith('/business/checkout') && method === 'post') {
      const input = body as {
        email: string;
        name: string;
        products: CartItem[];
        businessKey: string;
        shipping: Order['shippingAddress'];
      };
      const id = `order-${orders.size + 1}-0000`;
      const order = {
        id,
        kind: 'business' as const,
        status: 'pending' as const,
        email: input.email,
        ...priced(input.products),
        shipUpfront: false,
        bnpl: false,
        businessKey: input.businessKey,
        shippingAddress: input.shipping,
        payment: null,
        paymentLabel: null,
        createdAt: new Date().toISOString(),
        polls: 0,
      };
      orders.set(id, order);
      return {
        status: 201,
        data: { id, status: 'pending', final: false, failureMessage: null, order },
      };
    }
    const status = /\/business\/checkout\/([^/]+)\/status$/.exec(url);
    if (status) {
      const order = orders.get(status[1]!);
      if (!order) return notFound('Checkout not found');
      // Pending on the first poll, paid after: the form must keep polling.
      order.polls += 1;
      if (order.polls > 1) order.status = 'paid';
      return {
        status: 200,
        data: {
          id: order.id,
          status: order.status,
          final: order.status !== 'pending',
          failureMessage: null,
        },
      };
    }
    const details = /\/business\/checkout\/([^/]+)\/details$/.exec(url);
    if (details) {
      const order = orders.get(details[1]!);
      return order ? { status: 200, data: order } : notFound('Checkout not found');
    }
    return undefined;
  };

  const fake = createFakeApi(routes);

  return {
    ...fake,
    orders,
    get cart() {
      return cart;
    },
  };
}

export type FakeStorefrontApi = ReturnType<typeof createFakeStorefrontApi>;
