// A test double of the shop API for component tests: an axios adapter answering the checkout
// calls from in-memory state, and recording every request it got.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { Cart, CartItem } from '@shop/shared/contract/cart';
import type { CheckoutQuote, Order } from '@shop/shared/contract/checkout';
import type { ShellProps } from '@shop/shared/shell-contract/shell-props';

export interface FakePrice {
  title: string;
  unitAmount: number;
  interval: CheckoutQuote['lines'][number]['interval'];
}

export const PRICES: Record<string, FakePrice> = {
  bloodwise_quarterly: { title: 'Bloodwise Quarterly', unitAmount: 12_900, interval: 'quarter' },
  bloodwise_kit_one_time: { title: 'Bloodwise Complete Panel', unitAmount: 14_900, interval: null },
  mini_panel_upgrade: { title: 'Mini Panel', unitAmount: 3_900, interval: null },
};

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}

type Handler = (request: RecordedRequest) => { status: number; data: unknown } | undefined;

export function createFakeShopApi(initialCart: CartItem[] = []) {
  let cart: Cart = { items: initialCart, updatedAt: null };
  const requests: RecordedRequest[] = [];
  const overrides: Handler[] = [];
  const orders = new Map<string, Order>();

  function quote(items: CartItem[], country = 'US', discountCode: string | null = null): CheckoutQuote {
    const lines = items.map((item) => {
      const price = PRICES[item.lookupKey]!;
      return { lookupKey: item.lookupKey, priceId: `price_${item.lookupKey}`, title: price.title, quantity: item.quantity, unitAmount: price.unitAmount, amount: price.unitAmount * item.quantity, interval: price.interval };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = discountCode === 'WELCOME10' ? Math.round(subtotal / 10) : 0;
    const kits = items.reduce((sum, item) => sum + item.quantity, 0);
    const shipping = kits === 0 ? 0 : (country === 'CA' ? 1_495 : 595) + 200 * (kits - 1);
    return { currency: 'usd', lines, subtotal, discount, shipping, total: subtotal - discount + shipping, discountCode: discount ? discountCode : null, discountProblem: null };
  }

  const routes: Handler = ({ method, url, params, body }) => {
    if (url === '/api/v1/cart' && method === 'get') return { status: 200, data: cart };
    if (url === '/api/v1/cart' && method === 'put') {
      cart = { items: (body as { items: CartItem[] }).items, updatedAt: new Date().toISOString() };
      return { status: 200, data: cart };
    }
    if (url.endsWith('/checkout/quote')) {
      const input = body as { items: CartItem[]; country?: string; discountCode?: string | null };
      return { status: 200, data: quote(input.items, input.country, input.discountCode ?? null) };
    }
    if (url.endsWith('/checkout/shipping-cost')) return { status: 200, data: { shippingCost: params.consolidated === 1 ? 995 : 595 } };
    if (url.endsWith('/checkout/start')) return { status: 200, data: { ok: true } };
    if (url === '/user/is-new-customer') return { status: 200, data: { isNewCustomer: true } };
    const order = /\/checkout\/orders\/([^/]+)$/.exec(url);
    if (order && method === 'get') {
      const found = orders.get(decodeURIComponent(order[1]!));
      return found ? { status: 200, data: found } : { status: 404, data: { error: { code: 'NOT_FOUND', message: 'Order not found' } } };
    }
    return undefined;
  };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toLowerCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...(config.headers as Record<string, unknown>) },
    };
    requests.push(request);
    const answer = overrides.map((handler) => handler(request)).find(Boolean) ?? routes(request) ?? { status: 404, data: { error: { code: 'NOT_FOUND', message: `No fake for ${request.method} ${request.url}` } } };
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: String(answer.status), headers: {}, config };
    if (answer.status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status ${answer.status}`, 'ERR_BAD_REQUEST', config, undefined, response);
    }
    return response;
  };

  return {
    adapter,
    requests,
    orders,
    get cart() {
      return cart;
    },
    on(handler: Handler) {
      overrides.unshift(handler);
    },
    install(props: Pick<ShellProps, 'api'>) {
      for (const client of [props.api.connect, props.api.payments, props.api.content]) client.defaults.adapter = adapter;
    },
    calls: (pattern: RegExp, method?: string) => requests.filter((request) => pattern.test(request.url) && (!method || request.method === method)),
  };
}
