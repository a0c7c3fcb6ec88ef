// A site server's render request for the checkout's server renderer: the public reads (fetchJson)
// and the visitor's own (fetchPersonalJson) answered from maps, each read recorded.
import type { CurrentUser } from '@shop/shared/contract/user';
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
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

/** A partner storefront that mounts this area (its props), and its look as its shell reads it. */
export const ACME_CHECKOUT: PartnerCheckout = {
  businessKey: 'acme-wellness',
  businessName: 'Acme Wellness',
  offers: [{ lookupKey: 'acme_kit', title: 'Acme Complete Panel' }],
  afterPurchase: [{ url: 'https://acme.example.com/thanks', lookupKeys: [] }],
};
export const ACME_LOOK = {
  shopKey: 'acme-wellness',
  businessName: 'Acme Wellness',
  primaryColor: '#6b3fa0',
};
export const ACME_BASENAME = '/shop/acme-wellness';

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
      (path: string) => {
        const query = new URL(path, 'http://x').searchParams;
        // A partner's page prices only the lines it names.
        const sold = query.get('lookupKeys')?.split(',');
        const priced = sold ? items.filter((item) => sold.includes(item.lookupKey)) : items;
        return {
          cart: { items, updatedAt: items.length ? '2026-11-25T10:00:00.000Z' : null },
          quote: priced.length ? shop.quote(priced, 'US', query.get('discountCode')) : null,
        };
      },
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
    [`${API_PATHS.customization.replace(':shopKey', 'acme-wellness')}`, ACME_LOOK],
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

/** The same, for the page inside Acme's storefront that mounted this area with its props. */
export function partnerRenderRequest(
  page: string,
  search = '',
  visitor: Visitor = {},
): RecordedRequest {
  return {
    ...renderRequest(`${ACME_BASENAME}${page}`, search, visitor),
    basename: ACME_BASENAME,
    areaProps: { partnerCheckout: ACME_CHECKOUT },
  };
}
