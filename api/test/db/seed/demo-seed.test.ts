import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../../../src/db/migrate';
import { openDatabase, type DatabaseHandle } from '../../../src/db/open-database';
import { DEMO_CATALOG_FILE } from '../../../src/db/seed/demo-catalog';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { seedDemoData } from '../../../src/db/seed/demo-seed';
import { checkCatalogFile, type CatalogFile } from '../../../src/repositories/catalog-file';
import { importCatalog } from '../../../src/repositories/catalog-import-repository';

// A fresh database (not the shared template, which is seeded already), migrated once.
jest.setTimeout(120_000);

const seedOptions = { hashPassword: () => Promise.resolve('not-a-real-hash') };

function demoCatalog(): CatalogFile {
  const checked = checkCatalogFile(DEMO_CATALOG_FILE);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  return checked.catalog;
}

describe('the demo seed', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({
      kind: 'pglite-client',
      client: await PGlite.create(),
      owned: true,
    });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  const users = () => handle.db.selectFrom('users').select('email').orderBy('email').execute();
  const productCount = async () =>
    (await handle.db.selectFrom('products').select('key').execute()).length;

  it('reads its catalogue from the catalogue file and refuses a bad one as the import does, writing nothing', async () => {
    const broken = structuredClone(DEMO_CATALOG_FILE) as {
      products: { prices: { amount: unknown }[] }[];
    };
    broken.products[2]!.prices[0]!.amount = 99.5;
    let seedWithFile: typeof seedDemoData = seedDemoData;
    jest.isolateModules(() => {
      jest.doMock('../../../src/db/seed/demo-catalog', () => ({ DEMO_CATALOG_FILE: broken }));
      seedWithFile = (
        jest.requireActual('../../../src/db/seed/demo-seed') as {
          seedDemoData: typeof seedDemoData;
        }
      ).seedDemoData;
    });
    await expect(seedWithFile(handle.db, seedOptions)).rejects.toThrow(
      'The demo catalogue is invalid:\nproducts[2].prices[0].amount: must be a whole number of cents',
    );
    expect(await productCount()).toBe(0);
    expect(await users()).toEqual([]);
  });

  it('writes exactly the demo catalogue file (an import of it afterwards finds nothing to change) and the demo users', async () => {
    await seedDemoData(handle.db, seedOptions);
    const summary = await importCatalog(handle.db, demoCatalog());
    const catalog = demoCatalog();
    const priceCount = catalog.products.flatMap((product) => product.prices).length;
    expect(summary).toEqual({
      products: { added: 0, updated: 0, removed: 0, unchanged: catalog.products.length },
      prices: { added: 0, updated: 0, removed: 0, unchanged: priceCount },
      shippingRates: { added: 0, updated: 0, removed: 0, unchanged: catalog.shippingRates.length },
    });
    expect((await users()).map((user) => user.email)).toContain(DEMO_USER.email);
  });

  it("adds only what is missing on the next start, so a merchant's import stays as imported", async () => {
    const merchant = demoCatalog();
    merchant.products[0]!.title = 'Our Complete Panel';
    const dropped = merchant.products.pop()!;
    await importCatalog(handle.db, merchant);

    await seedDemoData(handle.db, seedOptions);
    const rows = await handle.db
      .selectFrom('products')
      .select(['key', 'title', 'active'])
      .where('key', 'in', [merchant.products[0]!.key, dropped.key])
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual([
      { key: merchant.products[0]!.key, title: 'Our Complete Panel', active: true },
      { key: dropped.key, title: dropped.title, active: false },
    ]);
  });
});
