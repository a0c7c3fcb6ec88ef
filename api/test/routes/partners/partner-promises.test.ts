// A partner's page may promise about money only what the cart charges: free shipping only when the
// shipping rates charge nothing for a kit, a dollar amount only when it is one of the partner's
// prices or its shipping. Anything else is refused when the partner's page is saved, naming the field.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { DEMO_CUSTOMIZATIONS } from '../../../src/db/seed/demo-partners-and-discounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';
const ACME = DEMO_CUSTOMIZATIONS['acme-wellness']!;

describe('what a partner’s page promises about prices and shipping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_TOKEN } });
  });
  afterAll(() => t.close());

  const url = (shopKey: string) => buildPath(API_PATHS.customization, { shopKey });
  const put = (payload: object) =>
    t.inject({
      method: 'PUT',
      url: url('acme-wellness'),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload,
    });
  const saved = async () =>
    (await t.inject({ method: 'GET', url: url('acme-wellness') })).json() as {
      aboutPoints: string[];
      bannerContent: string;
    };

  it('refuses free shipping the cart does not give, naming the field and what the cart charges', async () => {
    const before = await saved();
    const response = await put({
      ...ACME,
      aboutPoints: [
        'Members-only pricing',
        'Private results',
        'Free shipping on the quarterly plan',
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields).toEqual({
      'aboutPoints.2':
        '"Free shipping on the quarterly plan" promises free shipping, but the cart charges $5.95 for a kit. Remove the promise or change the shipping rates first.',
    });
    expect(await saved()).toEqual(before);
  });

  it('refuses a price that is none of the partner’s, and keeps one that is', async () => {
    const wrong = await put({ ...ACME, bannerContent: 'Acme members: kits from $99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty(['bannerContent']);
    // $129 is Acme's own price of the complete panel.
    const right = await put({ ...ACME, bannerContent: 'Acme members: kits from $129' });
    expect(right.statusCode).toBe(200);
    expect((await saved()).bannerContent).toBe('Acme members: kits from $129');
  });

  it('saves every demo partner’s page as seeded: no promise the cart breaks', async () => {
    for (const [shopKey, customization] of Object.entries(DEMO_CUSTOMIZATIONS)) {
      const response = await t.inject({
        method: 'PUT',
        url: url(shopKey),
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: customization as object,
      });
      expect([shopKey, response.statusCode, response.json().error]).toEqual([
        shopKey,
        200,
        undefined,
      ]);
    }
  });

  // Last: it changes this file's shipping rates.
  it('accepts free shipping once the shipping rates make it true', async () => {
    await t.app.db
      .updateTable('shipping_rates')
      .set({ amount_cents: 0, consolidated_cents: 0 })
      .where('country', '=', 'US')
      .execute();
    const response = await put({
      ...ACME,
      aboutPoints: ['Members-only pricing', 'Free shipping on every kit'],
    });
    expect(response.statusCode).toBe(200);
    expect((await saved()).aboutPoints).toContain('Free shipping on every kit');
  });
});
