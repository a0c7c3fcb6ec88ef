import { createPricingCatalogCache } from '../../../src/services/checkout/pricing-catalog';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

describe('the pricing catalogue copy', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const bumpVersion = () =>
    database.handle.db
      .updateTable('prices')
      .set({ active: true })
      .where('lookup_key', '=', 'bloodwise_kit_one_time')
      .execute();

  it('holds the active prices with their titles and the shipping rates, at the current version', async () => {
    const cache = createPricingCatalogCache(database.handle.db);
    const copy = await cache.current();
    const { version } = await database.handle.db
      .selectFrom('catalog_version')
      .select('version')
      .executeTakeFirstOrThrow();
    expect(copy.version).toBe(Number(version));
    expect(copy.prices.get('bloodwise_kit_one_time')).toMatchObject({
      unit_amount_cents: 14_900,
      title: 'Bloodwise Complete Panel',
    });
    expect(copy.rates.get('US/usd')).toMatchObject({ amount_cents: 595 });
  });

  it('is read once for concurrent callers, and kept until a newer version is seen', async () => {
    const cache = createPricingCatalogCache(database.handle.db);
    const [a, b] = await Promise.all([cache.current(), cache.current()]);
    expect(a).toBe(b);
    cache.seen(a.version);
    cache.seen(a.version - 1);
    expect(await cache.current()).toBe(a);

    await bumpVersion();
    cache.seen(a.version + 1);
    const again = await cache.current();
    expect(again).not.toBe(a);
    expect(again.version).toBe(a.version + 1);
  });

  it('drops a read that started before a newer version was seen', async () => {
    const cache = createPricingCatalogCache(database.handle.db);
    const first = await cache.current();
    await bumpVersion();
    cache.seen(first.version + 1);
    const reading = cache.current();
    await bumpVersion();
    cache.seen(first.version + 2);
    const stale = await reading;
    // The read begun before the second change is not kept as the copy.
    const copy = await cache.current();
    expect(copy).not.toBe(stale);
    expect(copy.version).toBe(first.version + 2);
  });
});
