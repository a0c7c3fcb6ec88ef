/**
 * @jest-environment node
 */
// The storefront's first views hydrate: the live area, given the partner the shell hands it and the
// queries the server drew with, draws the very nodes the server drew (the nested catalog's slot
// wrappers included; the slot's content is the catalog's own first view).
import { hydrateFirstView } from '@shop/shared/test-support/hydration-check';
import { partnerThemeTokens } from '@shop/shared/storefront/partner-theme';
import { renderArea } from '../src/server/render-storefront';
import { ACME, OFFERS, PRICES } from './support/storefront-fixtures';

const BASENAME = '/shop/acme-wellness';
const loadRoot = async () => (await import('../src/app/parcel')).StorefrontRoot;

describe('storefront first views hydrate', () => {
  it.each([BASENAME, `${BASENAME}/pricing`, `${BASENAME}/shopping-cart`, `${BASENAME}/checkout`])(
    '%s',
    async (pathname) => {
      const result = await renderArea({
        pathname,
        search: '',
        basename: BASENAME,
        fetchJson: async (path) => {
          // The shell's read leaves the products out.
          if (path.startsWith('/api/v1/customization/acme-wellness'))
            return path.includes('excludeProducts=true') ? { ...ACME, products: [] } : ACME;
          if (path.startsWith('/api/v1/catalog/offers')) return { offers: OFFERS };
          if (path.startsWith('/api/v1/catalog/prices')) return { prices: PRICES };
          throw new Error(`GET ${path} answered 404`);
        },
      });
      expect(result).not.toBeNull();
      const problems = await hydrateFirstView(result!, {
        pathname,
        basename: BASENAME,
        loadRoot,
        shellProps: { customization: { ...ACME, products: [] }, theme: partnerThemeTokens(ACME) },
      });
      expect(problems).toEqual([]);
    },
  );
});
