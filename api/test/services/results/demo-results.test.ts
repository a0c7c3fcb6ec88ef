// The demo customer starts with three reports about a quarter apart (FHIR, a confirmed CSV, a
// confirmed PDF), their files in the upload store, and a high LDL coming down across them.
// This file also runs on PostgreSQL (jest.postgres.config.cjs).
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { seedDemoResults } from '../../../src/services/results/demo-results';
import { loadResultsPage } from '../../../src/services/results/results-page';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SEED_DEMO_DATA: 'true' } });
});
afterAll(() => t.close());

async function demoUserId(): Promise<string> {
  const user = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USER.email)
    .executeTakeFirstOrThrow();
  return user.id;
}

it('shows the demo customer three dated reports with a flagged LDL trending down', async () => {
  const userId = await demoUserId();
  const page = await loadResultsPage(t.app.db, userId, t.app.clock.now());
  expect(page.sources).toHaveLength(3);
  expect(page.pending).toEqual([]);
  const uploads = await t.app.db
    .selectFrom('result_uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('collected_at')
    .execute();
  expect(uploads.map((upload) => [upload.detected_type, upload.status])).toEqual([
    ['fhir', 'read'],
    ['csv', 'read'],
    ['pdf', 'read'],
  ]);
  for (const upload of uploads) {
    expect(upload.subscription_id).toBe('sub_demo_quarterly');
    const stored = await t.app.uploadStore.get(upload.id);
    expect(stored?.size).toBe(upload.size_bytes);
  }
  const ldl = page.biomarkers.find((biomarker) => biomarker.key === 'ldl-cholesterol');
  const values = ldl?.points.map((point) => point.value) ?? [];
  expect(values).toHaveLength(3);
  expect(values[0]).toBeGreaterThan(values[1] as number);
  expect(values[1]).toBeGreaterThan(values[2] as number);
  // The CSV's lab reported mmol/L: converted onto the same line.
  expect(ldl?.points[1]?.asWritten).toBe('3.9 mmol/L');
  expect(ldl?.points.every((point) => point.flag === 'high')).toBe(true);
  // About a quarter apart, and a retest that follows the quarterly plan.
  const days = ldl?.points.map((point) => Date.parse(point.collectedAt) / 86_400_000) ?? [];
  expect((days[1] as number) - (days[0] as number)).toBeGreaterThan(80);
  expect(page.retest).toMatchObject({
    intervalLabel: 'every 3 months',
    subscriptionId: 'sub_demo_quarterly',
  });

  // Seeding again on the next start adds nothing.
  await seedDemoResults(
    { db: t.app.db, uploadStore: t.app.uploadStore, now: t.app.clock.now() },
    DEMO_USER.email,
  );
  expect((await loadResultsPage(t.app.db, userId, t.app.clock.now())).sources).toHaveLength(3);
});
