import { createManualClock } from '../../../src/lib/clock';
import { addClockOffset } from '../../../src/repositories/clock-repository';
import { createShopClock } from '../../../src/services/clock/shop-clock';
import { parseDuration } from '../../../src/lib/clock';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const DAY_MS = 86_400_000;

describe('shop clock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('reads steps such as 31d, 12h, 90m and 1w2d, and nothing else', () => {
    expect(parseDuration('31d')).toBe(31 * DAY_MS);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('1w2d')).toBe(9 * DAY_MS);
    for (const bad of ['', '0d', '-1d', '1 month', '1.5d', '31'])
      expect(parseDuration(bad)).toBeNull();
  });

  it('moves forward for every instance: a second clock on the database reads the move', async () => {
    const base = createManualClock(new Date('2026-01-31T12:00:00Z'));
    const a = await createShopClock({ db: database.handle.db, production: false, base });
    const b = await createShopClock({ db: database.handle.db, production: false, base });
    let heard = 0;
    b.onChange(() => (heard += 1));
    const moved = await a.advance(31 * DAY_MS);
    expect(moved.now).toEqual(new Date('2026-03-03T12:00:00Z'));
    expect(b.now()).toEqual(new Date('2026-01-31T12:00:00Z'));
    await b.refresh();
    expect(b.now()).toEqual(new Date('2026-03-03T12:00:00Z'));
    expect(heard).toBe(1);
    // A restart keeps the moved time.
    const restarted = await createShopClock({ db: database.handle.db, production: false, base });
    expect(restarted.offsetMs()).toBe(31 * DAY_MS);
    await expect(a.advance(-DAY_MS)).rejects.toThrow('only moves forward');
  });

  it('in production is the machine time: a stored offset is ignored and advance refuses', async () => {
    await addClockOffset(database.handle.db, 5 * DAY_MS, new Date());
    const base = createManualClock(new Date('2026-06-01T00:00:00Z'));
    const clock = await createShopClock({ db: database.handle.db, production: true, base });
    expect(clock.movable).toBe(false);
    expect(clock.now()).toEqual(new Date('2026-06-01T00:00:00Z'));
    await expect(clock.advance(DAY_MS)).rejects.toThrow('The clock cannot be moved in production.');
    await clock.refresh();
    expect(clock.now()).toEqual(new Date('2026-06-01T00:00:00Z'));
  });
});
