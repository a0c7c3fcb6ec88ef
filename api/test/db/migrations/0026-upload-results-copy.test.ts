import type { Kysely } from 'kysely';
import { CONTENT_PAGES } from '../../../src/db/seed/catalog-content';
import {
  OLD_UPLOAD_RESULTS_PAGE,
  UPLOAD_RESULTS_PAGE,
  up,
} from '../../../src/db/migrations/0026-upload-results-copy';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const KEY = 'page:upload-results';

describe(`the upload-results copy migration (${testBackend()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const store = (data: unknown) =>
    database.handle.db
      .insertInto('catalog_content')
      .values({ key: KEY, data: JSON.stringify(data) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ data: JSON.stringify(data) }))
      .execute();
  const stored = async () =>
    (
      await database.handle.db
        .selectFrom('catalog_content')
        .select('data')
        .where('key', '=', KEY)
        .executeTakeFirstOrThrow()
    ).data;

  it('replaces the old seeded page with the current copy', async () => {
    await store(OLD_UPLOAD_RESULTS_PAGE);
    await up(database.handle.db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(UPLOAD_RESULTS_PAGE);
    // What a fresh shop is seeded with today.
    expect(UPLOAD_RESULTS_PAGE).toEqual(CONTENT_PAGES['upload-results']);
  });

  it("keeps an operator's edit of the page", async () => {
    const edited = { ...OLD_UPLOAD_RESULTS_PAGE, lead: 'Upload the PDF; our team reads it.' };
    await store(edited);
    await up(database.handle.db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(edited);
  });
});
