// Partner data is untrusted: the write path refuses what could run or redirect, and the read path
// never serves such a value even when a row holds one (an old row, or a writer that skipped checks).
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { sql } from 'kysely';
import {
  HOSTILE_LINK_FIELDS,
  HOSTILE_PARTNER_KEY,
  HOSTILE_TEXT_CUSTOMIZATION,
} from '../../../src/db/seed/hostile-partner';
import {
  listCustomizations,
  upsertCustomization,
  CustomizationValidationError,
} from '../../../src/repositories/customizations-repository';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

describe('partner customization: hostile values', () => {
  let t: TestApp;
  const url = (shopKey: string) => buildPath(API_PATHS.customization, { shopKey });
  const put = (shopKey: string, payload: unknown) =>
    t.inject({
      method: 'PUT',
      url: url(shopKey),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_TOKEN } });
  });
  afterAll(() => t.close());

  it.each(Object.entries(HOSTILE_LINK_FIELDS))('refuses %s = %j on write', async (field, value) => {
    const response = await put('probe', { businessName: 'Probe', [field]: value });
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(response.json().error.fields as Record<string, string>);
    expect(fields.some((path) => path === field || path.startsWith(`${field}.`))).toBe(true);
  });

  it.each([
    ['a colour with CSS after it', { primaryColor: '#fff; background: red' }, 'primaryColor'],
    ['a named colour', { footerColor: 'red' }, 'footerColor'],
    ['a protocol-relative logo', { logo: '//evil.example/logo.png' }, 'logo'],
    ['a backslash logo path', { logo: '/\\evil.example/logo.png' }, 'logo'],
    ['an html data: image', { aboutImage: 'data:text/html,<script>1</script>' }, 'aboutImage'],
    ['a relative link', { logoLink: '/somewhere' }, 'logoLink'],
    ['a link that is no URL', { instagramLink: 'instagram.com/acme' }, 'instagramLink'],
    [
      'an unlisted meta name',
      { metaTags: [{ name: 'refresh', content: '0;url=https://evil.example' }] },
      'metaTags.0.name',
    ],
    [
      'an og:image that is not http(s)',
      { metaTags: [{ name: 'og:image', content: 'javascript:1' }] },
      'metaTags.0.content',
    ],
    [
      'a product twice',
      {
        products: [
          offer('bloodwise-kit', 'bloodwise_kit_one_time'),
          offer('bloodwise-kit', 'bloodwise_kit_one_time'),
        ],
      },
      'products',
    ],
    [
      'a price that does not exist',
      { products: [offer('bloodwise-kit', 'free_kit')] },
      'products.0.price',
    ],
    [
      'a price of another product',
      { products: [offer('bloodwise-kit', 'mini_panel_upgrade')] },
      'products.0.price',
    ],
    [
      "another partner's price",
      { products: [offer('bloodwise-kit', 'acme_kit_one_time')] },
      'products.0.price',
    ],
    ['a non-boolean switch', { bannerShow: 'yes' }, 'bannerShow'],
  ])('refuses %s', async (_label, fields, path) => {
    const response = await put('probe', { businessName: 'Probe', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty([path]);
    expect((await t.inject({ method: 'GET', url: url('probe') })).statusCode).toBe(404);
  });

  it('accepts markup in text fields as text and serves it back unchanged (the storefront shows it as text)', async () => {
    const saved = await put(HOSTILE_PARTNER_KEY, HOSTILE_TEXT_CUSTOMIZATION);
    expect(saved.statusCode).toBe(200);
    const body = (await t.inject({ method: 'GET', url: url(HOSTILE_PARTNER_KEY) })).json();
    expect(body).toMatchObject(HOSTILE_TEXT_CUSTOMIZATION);
  });

  it('accepts a partner price for its own partner, through the same function the CLI and seed use', async () => {
    const saved = await upsertCustomization(t.app.db, 'acme-wellness', {
      businessName: 'Acme Wellness',
      products: [offer('bloodwise-kit', 'acme_kit_one_time')],
    });
    expect(saved.products?.[0]?.price).toBe('acme_kit_one_time');
    await expect(
      upsertCustomization(t.app.db, 'acme-wellness', {
        businessName: 'Acme',
        primaryColor: 'javascript:1',
      }),
    ).rejects.toBeInstanceOf(CustomizationValidationError);
  });

  it('serves a hostile stored row with every refused field back at its default, never the stored value', async () => {
    const stored = {
      ...HOSTILE_TEXT_CUSTOMIZATION,
      ...HOSTILE_LINK_FIELDS,
      bannerShow: 'yes',
      section1Color: '#abc',
    };
    await sql`insert into partner_customizations (shop_key, data) values ('legacy-hostile', ${JSON.stringify(stored)}::jsonb)`.execute(
      t.app.db,
    );

    const response = await t.inject({ method: 'GET', url: url('legacy-hostile') });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      redirectLink: null,
      logoLink: null,
      facebookLink: null,
      instagramLink: null,
      twitterLink: null,
      youtubeLink: null,
      logo: null,
      favicon: null,
      mainPageImage: null,
      primaryColor: '#3cbab5',
      barColor: null,
      redirectAfterPurchase: [],
      metaTags: [],
      bannerShow: false,
      // Valid fields of the same row are kept.
      section1Color: '#abc',
      mainPageTitle: HOSTILE_TEXT_CUSTOMIZATION.mainPageTitle,
    });
    for (const [field, value] of Object.entries(HOSTILE_LINK_FIELDS))
      expect(body[field]).not.toEqual(value);
  });

  it('names a stored row without a valid businessName by its key, and lists every row', async () => {
    await sql`insert into partner_customizations (shop_key, data) values ('nameless', ${JSON.stringify({ businessName: 42 })}::jsonb)`.execute(
      t.app.db,
    );
    expect((await t.inject({ method: 'GET', url: url('nameless') })).json().businessName).toBe(
      'nameless',
    );
    const keys = (await listCustomizations(t.app.db)).map((partner) => partner.shopKey);
    expect(keys).toEqual(expect.arrayContaining(['legacy-hostile', 'nameless', 'acme-wellness']));
  });
});

function offer(key: string, price: string) {
  return { key, type: 'kit', kitType: 'full-panel', title: 'Kit', quantity: 1, price };
}
