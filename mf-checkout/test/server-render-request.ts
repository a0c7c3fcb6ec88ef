// A site server's render request for the checkout's server renderer: the public reads (fetchJson)
// and the visitor's own (fetchPersonalJson) answered from maps, each read recorded.
import type { CurrentUser } from '@shop/shared/contract/user';
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { createFakeShopApi } from './fake-shop-api';

/** A signed-in shopper, as the API reads them. */
export const SHOPPER: CurrentUser = {
  email: 'mary@example.com',
  name: 'Mary Lee',
  shopifyID: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  balance: { amount: 0, currency: 'usd' },
};

export interface Visitor {
  user?: CurrentUser | null;
  cart?: CartItem[];
  /** Orders this visitor placed; any other id answers 404 as the API does. */
  orders?: Order[];
}

export type RecordedRequest = AreaRenderRequest & {
  publicReads: string[];
  personalReads: string[];
};

const answer = (answers: Map<string, unknown>, reads: string[]) => async (path: string) => {
  reads.push(path);
  const key = [...answers.keys()].find(
    (prefix) => path === prefix || path.startsWith(`${prefix}?`),
  );
  if (key === undefined) throw new Error(`GET ${path} answered 404`);
  const value = answers.get(key);
  return typeof value === 'function' ? (value as (path: string) => unknown)(path) : value;
};

export function renderRequest(
  pathname: string,
  search = '',
  visitor: Visitor = {},
): RecordedRequest {
  const shop = createFakeShopApi(visitor.cart ?? []);
  const items = visitor.cart ?? [];
  const publicReads: string[] = [];
  const personalReads: string[] = [];
  const personal = new Map<string, unknown>([
    [API_PATHS.cmsInfo, visitor.user ?? null],
    [
      API_PATHS.cartPriced,
      (path: string) => ({
        cart: { items, updatedAt: items.length ? '2026-11-25T10:00:00.000Z' : null },
        quote: items.length
          ? shop.quote(items, 'US', new URL(path, 'http://x').searchParams.get('discountCode'))
          : null,
      }),
    ],
    ...(visitor.orders ?? []).map(
      (order) => [`${API_PATHS.orders}/${order.id}`, order] as [string, unknown],
    ),
  ]);
  const publicAnswers = new Map<string, unknown>([
    [
      API_PATHS.shippingCost,
      (path: string) => ({ shippingCost: path.includes('consolidated=1') ? 0 : 595 }),
    ],
  ]);
  return {
    pathname,
    search,
    basename: '',
    publicReads,
    personalReads,
    fetchJson: answer(publicAnswers, publicReads),
    fetchPersonalJson: answer(personal, personalReads),
  };
}
