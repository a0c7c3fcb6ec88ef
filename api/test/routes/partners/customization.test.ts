import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

describe('GET /api/v1/customization/{shopKey}', () => {
  let t: TestApp;
  const url = (shopKey: string, query = '') =>
    `${buildPath(API_PATHS.customization, { shopKey })}${query}`;
  const put = (shopKey: string, payload: unknown, token = ADMIN_TOKEN) =>
    t.inject({
      method: 'PUT',
      url: url(shopKey),
      headers: { authorization: `Bearer ${token}` },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_TOKEN } });
  });
  afterAll(() => t.close());

  it('serves a seeded partner with its colours and logo, defaults filled in', async () => {
    const response = await t.inject({ method: 'GET', url: url('acme-wellness') });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      shopKey: 'acme-wellness',
      businessName: 'Acme Wellness',
      primaryColor: '#6b3fa0',
      pricingMode: 'pricing-table',
    });
    expect(body.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(body.products.map((p: { price: string }) => p.price)).toEqual([
      'acme_kit_one_time',
      'bloodwise_quarterly',
    ]);
    const redirect = await t.inject({ method: 'GET', url: url('redirect-partner') });
    expect(redirect.json()).toMatchObject({
      redirectLink: 'https://redirect-partner.example.com/shop',
      primaryColor: '#d9480f',
    });
    const plain = await t.inject({ method: 'GET', url: url('your-health-business') });
    expect(plain.json()).toMatchObject({
      businessName: 'Your Health Business',
      primaryColor: '#3cbab5',
      bannerShow: false,
      metaTags: [],
    });
  });

  it('drops the products with excludeProducts=true', async () => {
    const response = await t.inject({
      method: 'GET',
      url: url('acme-wellness', '?excludeProducts=true'),
    });
    expect(response.json().products).toBeNull();
    expect(response.json().businessName).toBe('Acme Wellness');
  });

  it('answers 404 with the standard body for an unknown partner, and 400 for a malformed key', async () => {
    const missing = await t.inject({ method: 'GET', url: url('no-such-partner') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No storefront named "no-such-partner"' },
    });
    const malformed = await t.inject({ method: 'GET', url: url('Bad_Key!') });
    expect(malformed.statusCode).toBe(400);
  });

  it('serves reads from the cache and invalidates it when the customization is written', async () => {
    const before = t.app.customizations.stats.hits;
    await t.inject({ method: 'GET', url: url('acme-wellness') });
    await t.inject({ method: 'GET', url: url('acme-wellness') });
    expect(t.app.customizations.stats.hits).toBeGreaterThanOrEqual(before + 2);

    // A write behind the cache's back (straight SQL) is not seen: proof the read is cached...
    await t.app.db
      .updateTable('partner_customizations')
      .set({ data: JSON.stringify({ businessName: 'Sneaky Edit' }) })
      .where('shop_key', '=', 'acme-wellness')
      .execute();
    expect((await t.inject({ method: 'GET', url: url('acme-wellness') })).json().businessName).toBe(
      'Acme Wellness',
    );

    // ...and a write through the validated path is seen at once.
    const saved = await put('acme-wellness', {
      businessName: 'Acme Wellness 2',
      primaryColor: '#112233',
    });
    expect(saved.statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url: url('acme-wellness') });
    expect(after.json()).toMatchObject({
      businessName: 'Acme Wellness 2',
      primaryColor: '#112233',
    });
  });

  it('creates a new partner through the write path, after a cached 404', async () => {
    expect((await t.inject({ method: 'GET', url: url('brand-new') })).statusCode).toBe(404);
    expect((await put('brand-new', { businessName: 'Brand New' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: url('brand-new') })).json().businessName).toBe(
      'Brand New',
    );
  });

  it.each([
    [
      { businessName: 'X', primaryColor: 'red; background:url(javascript:alert(1))' },
      'primaryColor',
    ],
    [{ businessName: 'X', redirectLink: 'javascript:alert(1)' }, 'redirectLink'],
    [
      { businessName: 'X', facebookLink: 'data:text/html,<script>alert(1)</script>' },
      'facebookLink',
    ],
    [{ businessName: 'X', logo: 'javascript:alert(1)' }, 'logo'],
    [{ businessName: 'X', favicon: 'data:text/html;base64,PHNjcmlwdD4=' }, 'favicon'],
    [{ businessName: 'X', metaTags: [{ name: '"><script>', content: 'x' }] }, 'metaTags.0.name'],
    [
      { businessName: 'X', redirectAfterPurchase: [{ url: 'vbscript:msgbox(1)' }] },
      'redirectAfterPurchase.0.url',
    ],
    [{ businessName: 'X', pricingMode: 'anything' }, 'pricingMode'],
    [{ businessName: 'X', notAField: true }, ''],
    [{ primaryColor: '#fff' }, 'businessName'],
  ])('refuses hostile or invalid values: %j', async (payload, field) => {
    const response = await put('acme-wellness', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    if (field) expect(response.json().error.fields).toHaveProperty([field]);
    const current = await t.inject({ method: 'GET', url: url('acme-wellness') });
    expect(current.json().businessName).toBe('Acme Wellness 2');
  });

  it('refuses the operator write without the token', async () => {
    const response = await put(
      'acme-wellness',
      { businessName: 'Hijacked' },
      'wrong-token-wrong-token-wrong',
    );
    expect(response.statusCode).toBe(401);
  });

  it('has no write route when no ADMIN_TOKEN is configured', async () => {
    const other = await buildTestApp();
    try {
      const response = await other.inject({
        method: 'PUT',
        url: url('acme-wellness'),
        payload: { businessName: 'X' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
