/**
 * @jest-environment node
 */
// The upgrades' first view hydrates: the live area, given the order its host hands it and the
// queries the server drew with, draws the very nodes the server drew.
import axios from 'axios';
import { hydrateFirstView } from '@shop/shared/test-support/hydration-check';
import { renderArea } from '../src/server/render-upgrades';
import { createFakeUpgradesApi, ORDER } from './support/fake-upgrades-api';

const loadRoot = async () => (await import('../src/app/parcel')).UpgradesRoot;

it("the thank-you page's offers hydrate", async () => {
  const client = axios.create({ adapter: createFakeUpgradesApi().adapter });
  const result = await renderArea({
    pathname: '/checkout/thank-you',
    search: '',
    basename: '',
    areaProps: ORDER,
    fetchJson: () => Promise.reject(new Error('read without the visitor')),
    fetchPersonalJson: async (path) => {
      const url = new URL(path, 'http://shop.test');
      return (await client.get(url.pathname, { params: Object.fromEntries(url.searchParams) }))
        .data;
    },
  });
  expect(result).not.toBeNull();
  const problems = await hydrateFirstView(result!, {
    pathname: '/checkout/thank-you',
    loadRoot,
    // The nested outlet hands the area its host's props (createNestedAreaOutlet).
    areaProps: ORDER,
  });
  expect(problems).toEqual([]);
});
