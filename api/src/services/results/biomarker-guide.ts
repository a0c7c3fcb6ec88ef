// The plain-words guide to the catalogue's biomarkers is catalog content (key
// `biomarker-guide`), so the catalog team can edit it; a bad edit is reported, never served.
import { biomarkerGuideSchema, type BiomarkerGuide } from '@shop/shared/contract/results';
import type { Executor } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import {
  CatalogContentInvalidError,
  findCatalogContentDocument,
} from '../../repositories/catalog-content-repository';

export const BIOMARKER_GUIDE_KEY = 'biomarker-guide';

export async function loadBiomarkerGuide(db: Executor): Promise<BiomarkerGuide> {
  const stored = await findCatalogContentDocument(db, BIOMARKER_GUIDE_KEY);
  if (stored === null) throw notFound('The biomarker guide has not been written yet');
  const parsed = biomarkerGuideSchema.safeParse(stored);
  if (!parsed.success)
    throw new CatalogContentInvalidError(
      parsed.error.issues.map(
        (issue) => `biomarker-guide.${issue.path.join('.')}: ${issue.message}`,
      ),
    );
  return parsed.data;
}
