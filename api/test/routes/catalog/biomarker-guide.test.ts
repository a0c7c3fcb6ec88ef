// The biomarker guide is public catalog content: plain words for every biomarker of the
// catalogue and a disclaimer, seeded once, and an operator's edit is what visitors then read.
// This file also runs on PostgreSQL (jest.postgres.config.cjs).
import { API_PATHS } from '@shop/shared/contract/paths';
import { biomarkerGuideSchema, type BiomarkerGuide } from '@shop/shared/contract/results';
import { BIOMARKERS } from '@shop/shared/results/biomarkers';
import { seedDemoData } from '../../../src/db/seed/demo-seed';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const guide = () => t.inject({ method: 'GET', url: API_PATHS.biomarkerGuide });
const storeGuide = (data: unknown) =>
  t.app.db
    .updateTable('catalog_content')
    .set({ data: JSON.stringify(data) })
    .where('key', '=', 'biomarker-guide')
    .execute();

it('explains every biomarker of the catalogue, with a disclaimer, to anyone', async () => {
  const response = await guide();
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=60');
  const body = biomarkerGuideSchema.parse(response.json());
  expect(body.disclaimer).toMatch(/do not diagnose/);
  expect(body.biomarkers.map((entry) => entry.key).sort()).toEqual(
    expect.arrayContaining(BIOMARKERS.map((biomarker) => biomarker.key).sort()),
  );
  for (const entry of body.biomarkers) expect(entry.doctor).toMatch(/doctor/i);
});

it('keeps an operator’s edit when the seed runs again, and refuses to serve a broken one', async () => {
  const original: BiomarkerGuide = (await guide()).json();
  const edited = { ...original, disclaimer: 'Edited by the catalog team: not a diagnosis.' };
  await storeGuide(edited);
  await seedDemoData(t.app.db, { hashPassword: async () => 'unused' });
  expect(((await guide()).json() as BiomarkerGuide).disclaimer).toBe(edited.disclaimer);

  await storeGuide({ disclaimer: '', biomarkers: 'none' });
  expect((await guide()).statusCode).toBe(500);
  await t.app.db.deleteFrom('catalog_content').where('key', '=', 'biomarker-guide').execute();
  expect((await guide()).statusCode).toBe(404);
});
