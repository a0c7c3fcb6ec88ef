import { DEMO_CATALOG_FILE } from '../../../src/db/seed/demo-catalog';
import { checkCatalogFile, type CatalogFile } from '../../../src/repositories/catalog-file';
import {
  CatalogImportConflictError,
  importCatalog,
} from '../../../src/repositories/catalog-import-repository';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { subscriptionOnPrice } from '../../helpers/price-in-use';

// The importer against the seeded shop, on PGlite and on PostgreSQL (jsonb, integers and the
// catalogue version come back the same from both).
function demoCatalog(): CatalogFile {
  const checked = checkCatalogFile(DEMO_CATALOG_FILE);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  return checked.catalog;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const catalogVersion = async () =>
  Number(
    (await t.app.db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow())
      .version,
  );

async function listedAmount(lookupKey: string): Promise<number | undefined> {
  const response = await t.inject({
    method: 'GET',
    url: `/api/v1/catalog/prices?lookupKeys=${lookupKey}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { prices: { unitAmount: number }[] }).prices[0]?.unitAmount;
}

it('finds nothing to change when the demo file is imported into the demo shop, and moves no version', async () => {
  const before = await catalogVersion();
  const summary = await importCatalog(t.app.db, demoCatalog());
  expect(summary.products).toMatchObject({ added: 0, updated: 0, removed: 0 });
  expect(summary.prices).toMatchObject({ added: 0, updated: 0, removed: 0 });
  expect(summary.shippingRates).toMatchObject({ added: 0, updated: 0, removed: 0 });
  expect(await catalogVersion()).toBe(before);
});

it('sells at a new amount once imported, and refuses to re-price a price a subscription pays', async () => {
  const catalog = demoCatalog();
  const kit = catalog.products.find((product) => product.key === 'easy-draw')!;
  kit.prices[0]!.amount = 5_300;
  const summary = await importCatalog(t.app.db, catalog);
  expect(summary.prices).toMatchObject({ updated: 1, added: 0, removed: 0 });
  expect(await listedAmount(kit.prices[0]!.lookupKey)).toBe(5_300);

  await subscriptionOnPrice(t.app.db, 'price_bloodwise_monthly', 'catalog_import');
  const monthly = catalog.products.find((product) => product.key === 'bloodwise-monthly')!;
  const monthlyAmount = monthly.prices[0]!.amount;
  monthly.prices[0]!.amount = monthlyAmount + 1_000;
  kit.prices[0]!.amount = 5_500;
  const before = await catalogVersion();

  const refused = importCatalog(t.app.db, catalog);
  await expect(refused).rejects.toBeInstanceOf(CatalogImportConflictError);
  await expect(refused).rejects.toThrow(
    `products[${catalog.products.indexOf(monthly)}].prices[0]: price "bloodwise_monthly" is already in orders or subscriptions`,
  );
  expect(await listedAmount('bloodwise_monthly')).toBe(monthlyAmount);
  expect(await listedAmount(kit.prices[0]!.lookupKey)).toBe(5_300);
  expect(await catalogVersion()).toBe(before);
});
