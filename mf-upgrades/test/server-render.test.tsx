// The upgrades area's server render: the offers of the order the thank-you page hands its slot,
// read as the visitor, drawn by the live component with the queries the live area starts from.
import { within } from '@testing-library/react';
import axios from 'axios';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { renderArea } from '../src/server/render-upgrades';
import { createFakeUpgradesApi, ORDER } from './support/fake-upgrades-api';

/** The site's render request for the slot: every read goes through the visitor's fetch. */
function slotRequest(fake = createFakeUpgradesApi(), areaProps: Record<string, unknown> = ORDER) {
  const client = axios.create({ adapter: fake.adapter });
  const personalReads: string[] = [];
  const request: AreaRenderRequest = {
    pathname: '/checkout/thank-you',
    search: '',
    basename: '',
    areaProps,
    fetchJson: () => Promise.reject(new Error('read without the visitor')),
    fetchPersonalJson: async (path) => {
      personalReads.push(path);
      const url = new URL(path, 'http://shop.test');
      try {
        return (await client.get(url.pathname, { params: Object.fromEntries(url.searchParams) }))
          .data;
      } catch (error) {
        throw new Error(`GET ${path} answered ${(error as { status?: number }).status ?? 500}`);
      }
    },
  };
  return { request, personalReads };
}

describe('upgrades server render', () => {
  it("draws the order's offers with their prices, and hands the browser every query it read", async () => {
    const { request, personalReads } = slotRequest();
    const result = await renderArea(request);
    expect(result).not.toBeNull();
    document.body.innerHTML = result!.html;
    const view = within(document.body);
    expect(view.getByRole('heading', { level: 2, name: 'Add to your order' })).toBeTruthy();
    expect(
      view.getAllByRole('article').map((article) => article.getAttribute('data-upgrade')),
    ).toEqual(['mini-panel', 'easy-draw', 'bp-tape']);
    expect(within(view.getByRole('article', { name: 'Mini Panel' })).getByText('$39')).toBeTruthy();
    expect(view.getAllByRole('button', { name: 'Add to my order' })).toHaveLength(3);
    expect(result!.head).toContain('mf-upgrades-styles');
    // Whether each is bought, the products, the scheduled kits, then the two open offers.
    const keys = result!.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toHaveLength(7);
    expect(keys).toEqual(
      expect.arrayContaining([
        JSON.stringify(['upgrades', ORDER.orderId, 'purchased', 'mini-panel']),
        JSON.stringify(['upgrades', 'scheduled']),
        JSON.stringify(['upgrades', ORDER.orderId, 'offer', 'easy-draw']),
      ]),
    );
    // JSON all the way: the scheduled kits are a list the browser reads back as it was.
    const scheduled = result!.queries.find((query) => query.queryKey[1] === 'scheduled')!;
    expect(JSON.parse(JSON.stringify(scheduled.data))).toEqual([]);
    expect(personalReads.some((path) => path.startsWith('/kits/products/has-scheduled'))).toBe(
      true,
    );
  });

  it('shows a bought add-on as added, and asks for no offer of it', async () => {
    const { request, personalReads } = slotRequest(
      createFakeUpgradesApi({ bought: ['mini-panel'] }),
    );
    const result = await renderArea(request);
    document.body.innerHTML = result!.html;
    expect(
      within(document.body).getByRole('list', { name: 'Added to your order' }).textContent,
    ).toContain('Mini Panel');
    expect(personalReads.some((path) => path.startsWith('/api/mini-panel-upgrade'))).toBe(false);
  });

  it('renders nothing outside a thank-you slot or without the visitor', async () => {
    expect(await renderArea(slotRequest(undefined, {}).request)).toBeNull();
    const { request } = slotRequest();
    expect(await renderArea({ ...request, fetchPersonalJson: undefined })).toBeNull();
  });
});
