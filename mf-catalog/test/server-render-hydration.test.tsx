/**
 * @jest-environment node
 */
// The catalog's first views hydrate: the live area, given the queries the server drew with, draws
// the very nodes the server drew on every page it renders (no recoverable error, no mismatch).
import { API_PATHS } from '@shop/shared/contract/paths';
import { hydrateFirstView } from '@shop/shared/test-support/hydration-check';
import { renderArea, SERVER_RENDERED_PATHS } from '../src/server/render-catalog';
import { CONTENT, OFFERS, PRICES } from './support/catalog-fixtures';

const API: Record<string, unknown> = {
  [API_PATHS.catalogOffers]: { offers: OFFERS },
  [API_PATHS.catalogPrices]: { prices: PRICES },
  [API_PATHS.catalogContent]: CONTENT,
};

const loadRoot = async () => (await import('../src/app/parcel')).CatalogRoot;

describe('catalog first views hydrate', () => {
  it.each([...SERVER_RENDERED_PATHS])('%s', async (pathname) => {
    const result = await renderArea({
      pathname,
      search: '',
      basename: '',
      fetchJson: async (path) => {
        if (!(path in API)) throw new Error(`GET ${path} answered 404`);
        return API[path];
      },
    });
    expect(result).not.toBeNull();
    expect(await hydrateFirstView(result!, { pathname, loadRoot })).toEqual([]);
  });
});
