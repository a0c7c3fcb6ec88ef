// For routing tests in packages that may not import the remotes: the path prefixes the remotes
// declare in their src/app/area-routes.ts, and a registry document listing them as `shop deploy` does.
import type { RegistryDocument } from '../releases/registry-document';

export const TEST_AREA_ROUTES: Record<string, string[]> = {
  mf_account: ['/login', '/signup', '/reset-password', '/account', '/activate'],
  mf_catalog: [
    '/',
    '/pricing',
    '/programs',
    '/products',
    '/quiz',
    '/understand-your-health',
    '/advanced-cholesterol',
    '/upload-results',
  ],
  mf_checkout: ['/checkout', '/shopping-cart'],
  mf_upgrades: [],
  mf_storefront: ['/shop/:b2bKey'],
  mf_ops: ['/ops'],
};

/** A registry whose live remotes serve `areaRoutes` (remote name → prefixes). */
export function testRegistry(
  areaRoutes: Record<string, string[]> = TEST_AREA_ROUTES,
): RegistryDocument {
  const remotes = Object.fromEntries(
    Object.entries(areaRoutes).map(([name, routes]) => [
      name,
      {
        name,
        version: '1.0.0+test',
        manifestUrl: `/remotes/${name}/1.0.0%2Btest/mf-manifest.json`,
        contractVersion: '1.0.0',
        areaRoutes: routes,
      },
    ]),
  );
  return { environment: 'test', updatedAt: '2026-01-01T00:00:00.000Z', remotes, history: [] };
}
