import {
  catalogContentSchema,
  CONTENT_PAGE_KEYS,
  type CatalogContent,
} from '@shop/shared/contract/catalog-content';
import type { Executor } from '../db/schema';

const MAIN_PAGE_KEY = 'main-page';
const QUIZ_KEY = 'quiz';
const pageKey = (page: string) => `page:${page}`;

/** Stores documents that are missing; an operator's edits to existing ones are kept. */
export async function insertMissingCatalogContent(
  db: Executor,
  documents: Record<string, unknown>,
): Promise<void> {
  for (const [key, data] of Object.entries(documents)) {
    await db
      .insertInto('catalog_content')
      .values({ key, data: JSON.stringify(data) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

export class CatalogContentInvalidError extends Error {
  constructor(readonly issues: string[]) {
    super(`The stored catalog content is not valid: ${issues.join('; ')}`);
    this.name = 'CatalogContentInvalidError';
  }
}

/**
 * Every page's copy in one document. Stored JSON is checked against the contract here, so a bad
 * operator edit is reported as such instead of reaching a browser half-formed.
 */
export async function loadCatalogContent(db: Executor): Promise<CatalogContent> {
  const rows = await db.selectFrom('catalog_content').select(['key', 'data']).execute();
  const byKey = new Map(rows.map((row) => [row.key, row.data]));
  const candidate = {
    mainPage: byKey.get(MAIN_PAGE_KEY),
    quiz: byKey.get(QUIZ_KEY),
    pages: Object.fromEntries(CONTENT_PAGE_KEYS.map((page) => [page, byKey.get(pageKey(page))])),
  };
  const parsed = catalogContentSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new CatalogContentInvalidError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** One stored document by key (e.g. 'biomarker-guide'), unchecked, or null when there is none. */
export async function findCatalogContentDocument(db: Executor, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('catalog_content')
    .select('data')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.data ?? null;
}
