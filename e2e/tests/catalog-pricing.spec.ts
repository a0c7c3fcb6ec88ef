// Catalog in a real browser: the pricing table by interval from the seeded catalog,
// single-product and program pricing, and the GA4 add_to_cart / view_item shapes in dataLayer.
import { formatMoney } from '../../shared/src/format/money';
import { DEMO_PRICES, DEMO_PRODUCTS } from '../../api/src/db/seed/demo-catalog';
import { waitForDataLayerEvent } from '../support/data-layer';
import { expect, test } from '../support/shop-server';

const seeded = (productKey: string) => {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.key === productKey)!;
  const price = DEMO_PRICES.find(
    (candidate) => candidate.productKey === productKey && !candidate.metadata.partner,
  )!;
  return {
    title: product.title,
    amount: formatMoney(price.unitAmount),
    cents: price.unitAmount,
    lookupKey: price.lookupKey,
  };
};

/** The GA4 ecommerce entry one unit of a seeded product should push, computed from its cents. */
const ga4Event = (event: string, product: ReturnType<typeof seeded>, variant: string) => ({
  event,
  ecommerce: {
    currency: 'USD',
    value: product.cents / 100,
    items: [
      {
        item_id: product.lookupKey,
        item_name: product.title,
        price: product.cents / 100,
        quantity: 1,
        item_variant: variant,
      },
    ],
  },
});

test('the pricing table switches one-time, monthly, quarterly and annual with the seeded labels and prices', async ({
  page,
}) => {
  await page.goto('/pricing');
  const billing = page.getByRole('radiogroup', { name: 'How often do you want to test?' });
  await expect(billing.getByRole('radio')).toHaveCount(4);
  const cards = page.locator('[data-interval] article');

  const expectations = [
    {
      choice: 'One-time',
      interval: 'one-time',
      product: 'bloodwise-kit',
      period: 'one-time',
      billing: 'One payment, no subscription',
    },
    {
      choice: 'Monthly',
      interval: 'monthly',
      product: 'bloodwise-monthly',
      period: 'per 1 month',
      billing: 'Billed monthly',
    },
    {
      choice: 'Quarterly',
      interval: 'quarterly',
      product: 'bloodwise-quarterly',
      period: 'per 3 months',
      billing: 'Billed quarterly',
    },
    {
      choice: 'Annual',
      interval: 'annual',
      product: 'bloodwise-annual',
      period: 'per 1 year',
      billing: 'Billed yearly',
    },
  ];
  for (const expected of expectations) {
    await test.step(expected.choice, async () => {
      await billing.getByText(expected.choice, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`interval=${expected.interval}$`));
      const { title, amount } = seeded(expected.product);
      const card = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.locator('.cat-price')).toHaveText(`${amount}${expected.period}`);
      await expect(card.locator('.cat-price-note')).toHaveText(expected.billing);
    });
  }
  // The quarterly tab also sells the heart and metabolic program, four kits billed per quarter.
  await billing.getByText('Quarterly', { exact: true }).click();
  const program = seeded('heart-metabolic-program');
  await expect(cards.filter({ hasText: program.title }).locator('.cat-price')).toHaveText(
    `${program.amount}per 3 months`,
  );
  // The seeded add-ons, listed under the table.
  const addOns = page.getByRole('region', { name: 'Add-ons' });
  for (const key of ['mini-panel', 'easy-draw', 'bp-monitor-tape', 'unlimited-upgrade']) {
    await expect(addOns.getByRole('heading', { name: seeded(key).title })).toBeVisible();
  }
});

test('add to cart pushes a GA4 add_to_cart and the header cart badge counts it', async ({
  page,
}) => {
  await page.goto('/pricing?interval=quarterly');
  const quarterly = seeded('bloodwise-quarterly');
  await page.getByRole('button', { name: `Add to cart: ${quarterly.title}` }).click();
  await expect(page.getByText('Added to your cart.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart,? 1 item$/ })).toBeVisible();

  const [event] = await waitForDataLayerEvent(page, 'add_to_cart');
  expect(event).toEqual(ga4Event('add_to_cart', quarterly, 'quarter'));
  // The shell clears the previous ecommerce object before each ecommerce event (GA4 practice).
  const layer = await page.evaluate(
    () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
  );
  const index = layer.findIndex((entry) => (entry as { event?: string }).event === 'add_to_cart');
  expect(layer[index - 1]).toEqual({ ecommerce: null });

  // A second add from the add-ons list: the badge follows, and the cart survives a reload (server-side).
  const addOn = seeded('mini-panel');
  await page.getByRole('button', { name: `Add: ${addOn.title}` }).click();
  await expect(page.getByRole('link', { name: /^Cart,? 2 items$/ })).toBeVisible();
  // The badge moves as the tap lands; "Added" is said once the server has kept the line. A reload
  // before that answer would abort the request, as it would for a shopper.
  await expect(page.getByText('Added to your cart.')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('link', { name: /^Cart,? 2 items$/ })).toBeVisible();
});

test('the single product page tracks view_item per option and adds the chosen plan', async ({
  page,
}) => {
  await page.goto('/products');
  const kit = seeded('bloodwise-kit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [viewed] = await waitForDataLayerEvent(page, 'view_item');
  expect(viewed).toEqual(ga4Event('view_item', kit, 'one-time'));

  const twiceYear = seeded('bloodwise-twice-year');
  await page.getByRole('radio', { name: new RegExp(twiceYear.title) }).check();
  await expect(page.getByRole('complementary').locator('.cat-price').last()).toHaveText(
    `${twiceYear.amount}per 6 months`,
  );
  await expect(page.getByText('Billed every 6 months').last()).toBeVisible();
  const views = await waitForDataLayerEvent(page, 'view_item', 2);
  expect(
    (views[1]!.ecommerce as { items: { item_id: string; item_variant: string }[] }).items[0],
  ).toMatchObject({
    item_id: twiceYear.lookupKey,
    item_variant: 'twice-year',
  });

  await page.getByRole('button', { name: `Add to cart: ${twiceYear.title}` }).click();
  const [added] = await waitForDataLayerEvent(page, 'add_to_cart');
  expect((added!.ecommerce as { items: { item_id: string }[] }).items[0]!.item_id).toBe(
    twiceYear.lookupKey,
  );
  await expect(page.getByRole('link', { name: /^Cart,? 1 item$/ })).toBeVisible();
});

test('the heart and metabolic program has its own pricing page', async ({ page }) => {
  await page.goto('/pricing/heart-and-metabolic-program');
  const program = seeded('heart-metabolic-program');
  const buyBox = page.getByRole('complementary', { name: program.title });
  await expect(buyBox.locator('.cat-price')).toHaveText(`${program.amount}per 3 months`);
  await expect(buyBox).toContainText('Billed quarterly · 4 kits');
  await expect(page.getByRole('list', { name: `Biomarkers in ${program.title}` })).toContainText(
    'ApoB',
  );
  // view_item is tracked by the live page, which takes over from the server's first view.
  expect((await waitForDataLayerEvent(page, 'view_item')).length).toBeGreaterThanOrEqual(1);
});
