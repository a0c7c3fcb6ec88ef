// The storefront's server-side cache: reads hit memory, every validated write invalidates at once,
// the TTL is only a safety net, and a read racing a write never re-caches the older copy.
import { sql } from 'kysely';
import { createCustomizationService } from '../../../src/services/partners/customization-service';
import { upsertCustomization } from '../../../src/repositories/customizations-repository';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

describe('customization cache', () => {
  let database: TestDatabase;
  let clock: number;
  const published: string[] = [];
  const service = () =>
    createCustomizationService(database.handle.db, {
      ttlMs: 10 * 60_000,
      maxEntries: 3,
      now: () => clock,
      publishInvalidation: async (shopKey) => {
        published.push(shopKey);
      },
    });
  const sneakyRename = (shopKey: string, businessName: string) =>
    sql`update partner_customizations set data = jsonb_set(data, '{businessName}', ${JSON.stringify(businessName)}::jsonb) where shop_key = ${shopKey}`.execute(
      database.handle.db,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  beforeEach(() => {
    clock = 1_000_000;
    published.length = 0;
  });

  it('serves repeated reads from memory until the TTL ends', async () => {
    const cache = service();
    expect((await cache.get('acme-wellness'))?.businessName).toBe('Acme Wellness');
    await sneakyRename('acme-wellness', 'Changed behind the cache');
    expect((await cache.get('acme-wellness'))?.businessName).toBe('Acme Wellness');
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    clock += 10 * 60_000 + 1;
    expect((await cache.get('acme-wellness'))?.businessName).toBe('Changed behind the cache');
  });

  it('invalidates on a validated write, tells the other instances, and keeps the old copy on a refused one', async () => {
    const cache = service();
    await cache.get('harbor-health');
    const saved = await cache.upsert('harbor-health', {
      businessName: 'Harbor Renamed',
      primaryColor: '#123456',
    });
    expect(saved.businessName).toBe('Harbor Renamed');
    expect(published).toEqual(['harbor-health']);
    expect(await cache.getJson('harbor-health', { excludeProducts: true })).toContain(
      '"businessName":"Harbor Renamed"',
    );
    await expect(
      cache.upsert('harbor-health', { businessName: 'X', redirectLink: 'javascript:alert(1)' }),
    ).rejects.toThrow('redirectLink');
    expect(published).toEqual(['harbor-health']);
    expect((await cache.get('harbor-health'))?.primaryColor).toBe('#123456');
  });

  it('caches an unknown partner as absent until it is created', async () => {
    const cache = service();
    expect(await cache.get('new-partner')).toBeNull();
    expect(await cache.get('new-partner')).toBeNull();
    expect(cache.stats.hits).toBe(1);
    await cache.upsert('new-partner', { businessName: 'New Partner' });
    expect((await cache.get('new-partner'))?.businessName).toBe('New Partner');
  });

  it('drops a copy when another instance announces a write', async () => {
    const cache = service();
    await cache.get('redirect-partner');
    await upsertCustomization(database.handle.db, 'redirect-partner', {
      businessName: 'Written elsewhere',
    });
    expect((await cache.get('redirect-partner'))?.businessName).toBe('Redirect Partner');
    cache.invalidate('redirect-partner');
    expect((await cache.get('redirect-partner'))?.businessName).toBe('Written elsewhere');
  });

  it('does not re-cache a read that started before a write', async () => {
    const cache = service();
    const racingRead = cache.get('your-health-business');
    await cache.upsert('your-health-business', { businessName: 'YHB After' });
    await racingRead;
    expect((await cache.get('your-health-business'))?.businessName).toBe('YHB After');
  });

  it('keeps at most maxEntries partners, evicting the oldest', async () => {
    const cache = service();
    for (const key of ['a-1', 'a-2', 'a-3', 'a-4']) await cache.get(key);
    const before = cache.stats.misses;
    await cache.get('a-4');
    await cache.get('a-1');
    expect(cache.stats.misses).toBe(before + 1);
  });
});
