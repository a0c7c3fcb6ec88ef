import { sql, type Kysely } from 'kysely';

// The seed only inserts missing content, so shops seeded before the results pages keep the old
// /upload-results copy, which promised reading any PDF. It is replaced only where it is still the
// old seeded document word for word: an operator's edit is kept.
export const OLD_UPLOAD_RESULTS_PAGE = {
  eyebrow: 'Free results upload',
  title: 'Upload your lab results for free',
  lead: 'Already tested with your doctor? Upload the PDF and get every marker explained in plain language, alongside your Bloodwise results.',
  highlights: ['Works with most US labs', 'Keeps your history in one place', 'Free, no kit needed'],
  primaryCta: {
    label: 'Create a free account to upload',
    href: '/signup?redirect=%2Faccount%2Fuploads',
  },
  signedInCta: { label: 'Upload your results', href: '/account/uploads' },
  secondaryCta: { label: 'How to export your results', href: '/upload-results/how-to-export' },
  offerKey: null,
  sections: [
    {
      kind: 'steps',
      title: 'Three steps',
      intro: null,
      items: [
        {
          title: 'Export a PDF',
          text: 'Download your results from your patient portal. Our guide shows you how.',
        },
        {
          title: 'Upload it',
          text: 'Drop the file into your free account. We read the markers for you.',
        },
        {
          title: 'Understand it',
          text: 'See each marker explained, with trends across every upload.',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Not sure how to get the PDF?',
      text: 'Most patient portals let you download results in a few clicks.',
      cta: { label: 'Read the export guide', href: '/upload-results/how-to-export' },
    },
  ],
};

/** The page as seeded since the shop reads results, written here so this migration never changes. */
export const UPLOAD_RESULTS_PAGE = {
  eyebrow: 'Free results upload',
  title: 'Upload your lab results for free',
  lead: 'Already tested with your doctor? Upload your results and see every marker against its reference range, explained in plain language, with trends alongside your Bloodwise results.',
  highlights: ['Works with most US labs', 'Keeps your history in one place', 'Free, no kit needed'],
  primaryCta: {
    label: 'Create a free account to upload',
    href: '/signup?redirect=%2Faccount%2Fuploads',
  },
  signedInCta: { label: 'Upload your results', href: '/account/uploads' },
  secondaryCta: { label: 'How to export your results', href: '/upload-results/how-to-export' },
  offerKey: null,
  sections: [
    {
      kind: 'steps',
      title: 'Three steps',
      intro: null,
      items: [
        {
          title: 'Export your results',
          text: 'Download them from your patient portal: its FHIR or CSV export if it has one (Apple Health too), else the PDF. Our guide shows you how.',
        },
        {
          title: 'Upload it',
          text: 'Drop the file into your free account. We read FHIR and CSV files for you; from a PDF or a photo we suggest the values and you confirm them.',
        },
        {
          title: 'Understand it',
          text: 'See each marker against its range, explained in plain words, with trends across every upload. It informs; it does not diagnose.',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Not sure how to get the PDF?',
      text: 'Most patient portals let you download results in a few clicks.',
      cta: { label: 'Read the export guide', href: '/upload-results/how-to-export' },
    },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // jsonb equality ignores key order and spacing, so only the words decide.
  await sql`update catalog_content
    set data = ${JSON.stringify(UPLOAD_RESULTS_PAGE)}::jsonb, updated_at = now()
    where key = 'page:upload-results' and data = ${JSON.stringify(OLD_UPLOAD_RESULTS_PAGE)}::jsonb`.execute(
    db,
  );
}
