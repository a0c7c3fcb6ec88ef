// Which area a path belongs to: by the path prefixes each live remote declares, as the registry
// lists them (resolved by shared/src/shell-contract/area-routes.ts, the same code the site server
// uses). The shell lists no pages: each area owns every page below its prefixes, its 404 included.
import { resolveArea, type AreaTable } from '@shop/shared/shell-contract/area-routes';
import { OPERATOR_AREAS, type AreaName } from '@shop/shared/shell-contract/shell-props';
import { isHealthDataRoute } from '@shop/shared/rules/private-routes';

export interface ShellRoute {
  area: AreaName;
  /** Where the area's own routes start: '' for consumer routes, '/shop/<key>' for a storefront. */
  basename: string;
  /** The partner's key, from a prefix's :b2bKey (storefront pages). */
  b2bKey: string | null;
}

/** The area for `pathname`, or null when no live area claims it (the shell's own 404). */
export function routeOf(pathname: string, areas: AreaTable): ShellRoute | null {
  const resolved = resolveArea(pathname, areas);
  if (!resolved) return null;
  return {
    area: resolved.area,
    basename: resolved.basename,
    b2bKey: resolved.params.b2bKey ?? null,
  };
}

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The cart and checkout pages show the account balance, so the visitor's query asks for it there.
 * By path alone: the query starts before the registry is read.
 */
export function wantsBalance(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return path === '/shopping-cart' || path === '/checkout';
}

/** The area a visitor is likely to need next, fetched in the background: checkout leads to the upgrade offers. */
export function likelyNextArea(
  route: ShellRoute | null | undefined,
  pathname: string,
): AreaName | null {
  return route?.area === 'checkout' && withoutTrailingSlash(pathname) === '/checkout'
    ? 'upgrades'
    : null;
}

/**
 * The shoppers' chat bubble belongs on shoppers' pages only: never on an operator area's pages,
 * not on a health-data page (the vendor's widget reads the page), and not while the page's area is
 * unknown (it would flash onto the console and off again).
 */
export function showsShopperChat(route: ShellRoute | null | undefined, pathname: string): boolean {
  if (isHealthDataRoute(pathname)) return false;
  return route !== undefined && !(route !== null && OPERATOR_AREAS.includes(route.area));
}
