// The one map from URL to area (spec section 2). The shell resolves it; each remote owns the routes inside its area.
import { matchPath } from 'react-router';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';

export interface AreaRoute {
  pattern: string;
  area: AreaName;
}

const STOREFRONT_SUBROUTES = [
  'pricing',
  'pricing/one-time',
  'pricing/add-ons',
  'pricing/monthly',
  'pricing/quarterly',
  'pricing/annual',
  'checkout',
  'checkout/thank-you',
  'shopping-cart',
] as const;

export const ROUTE_TABLE: readonly AreaRoute[] = [
  { pattern: '/login', area: 'account' },
  { pattern: '/signup', area: 'account' },
  { pattern: '/signup/confirm', area: 'account' },
  { pattern: '/reset-password', area: 'account' },
  { pattern: '/account/*', area: 'account' },

  { pattern: '/', area: 'catalog' },
  { pattern: '/pricing', area: 'catalog' },
  { pattern: '/programs', area: 'catalog' },
  { pattern: '/programs/heart-health', area: 'catalog' },
  { pattern: '/pricing/heart-and-metabolic-program', area: 'catalog' },
  { pattern: '/products', area: 'catalog' },
  { pattern: '/quiz/which-test-is-right-for-me', area: 'catalog' },
  { pattern: '/understand-your-health', area: 'catalog' },
  { pattern: '/advanced-cholesterol', area: 'catalog' },
  { pattern: '/upload-results', area: 'catalog' },
  { pattern: '/upload-results/how-to-export', area: 'catalog' },

  { pattern: '/shopping-cart', area: 'checkout' },
  { pattern: '/checkout', area: 'checkout' },
  { pattern: '/checkout/thank-you', area: 'checkout' },

  { pattern: '/shop/:b2bKey', area: 'storefront' },
  ...STOREFRONT_SUBROUTES.map((sub) => ({ pattern: `/shop/:b2bKey/${sub}`, area: 'storefront' as const })),
];

export interface ResolvedRoute {
  area: AreaName;
  pattern: string;
  /** Where the area's own routes start: '' for consumer routes, '/shop/<key>' for a storefront. */
  basename: string;
  b2bKey: string | null;
}

export function resolveRoute(pathname: string): ResolvedRoute | null {
  for (const route of ROUTE_TABLE) {
    const match = matchPath({ path: route.pattern, end: true }, pathname);
    if (!match) continue;
    const b2bKey = match.params.b2bKey ?? null;
    return {
      area: route.area,
      pattern: route.pattern,
      basename: b2bKey ? `/shop/${encodeURIComponent(b2bKey)}` : '',
      b2bKey,
    };
  }
  return null;
}

/** The area a visitor is likely to need next, fetched in the background. */
export const LIKELY_NEXT_AREA: Partial<Record<string, AreaName>> = {
  '/shopping-cart': 'checkout',
  '/checkout': 'upgrades',
};

/** Pages whose user query also asks for the account balance. */
export function wantsBalance(route: ResolvedRoute | null): boolean {
  return route?.pattern === '/shopping-cart' || route?.pattern === '/checkout';
}
