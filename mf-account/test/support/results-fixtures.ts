// A customer's results page as GET /user/results answers it: LDL trending down (one reading in a
// unit that could not be converted), a critical glucose, an in-range HbA1c and an analyte the
// shop does not know, listed out of body-system order on purpose.
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import type {
  Biomarker,
  BiomarkerGuide,
  BiomarkerPoint,
  ResultsPage,
} from '@shop/shared/contract/results';

export const UPLOAD_ID = '11111111-1111-4111-8111-111111111111';

let serial = 0;
function point(
  collectedAt: string,
  value: number | null,
  asWritten: string,
  flag: BiomarkerPoint['flag'],
  range: BiomarkerPoint['range'],
): BiomarkerPoint {
  serial += 1;
  return {
    readingId: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    uploadId: UPLOAD_ID,
    collectedAt: `${collectedAt}T09:00:00.000Z`,
    value,
    asWritten,
    range,
    flag,
  };
}

const ldlRange = { low: null, high: 100, text: null };
export const ldl: Biomarker = {
  key: 'ldl-cholesterol',
  name: 'LDL cholesterol',
  system: 'heart',
  unit: 'mg/dL',
  points: [
    point('2025-03-03', 162, '4.19 mmol/L', 'high', ldlRange),
    point('2025-06-02', 148, '148 mg/dL', 'high', ldlRange),
    point('2025-09-01', 131, '131 mg/dL', 'high', ldlRange),
    // A unit the shop cannot convert: in the table, never on the line.
    point('2025-10-06', null, '3.4 mmol/mol', null, null),
    point('2025-12-01', 118, '118 mg/dL', 'high', ldlRange),
  ],
  // As the API computes it from unrounded values (117.94 − 131): shown as 13, like the values.
  change: -13.06,
};

export const glucose: Biomarker = {
  key: 'glucose',
  name: 'Glucose (fasting)',
  system: 'metabolism',
  unit: 'mg/dL',
  points: [
    point('2025-09-01', 96, '96 mg/dL', 'normal', { low: 70, high: 99, text: null }),
    point('2025-12-01', 420, '420 mg/dL', 'critically-high', { low: 70, high: 99, text: null }),
  ],
  change: 324,
};

export const hba1c: Biomarker = {
  key: 'hba1c',
  name: 'HbA1c',
  system: 'metabolism',
  unit: '%',
  points: [point('2025-12-01', 5.4, '5.4 %', 'normal', { low: 4, high: 5.6, text: null })],
  change: null,
};

export const unknown: Biomarker = {
  key: 'name:lipoprotein-x',
  name: 'Lipoprotein X',
  system: 'other',
  unit: null,
  points: [
    point('2025-12-01', null, 'negative', null, { low: null, high: null, text: 'negative' }),
  ],
  change: null,
};

export const pendingCsv: ResultUpload = {
  id: '22222222-2222-4222-8222-222222222222',
  fileName: 'portal-export.csv',
  size: 2048,
  type: 'csv',
  status: 'needs-columns',
  sha256: 'b'.repeat(64),
  createdAt: '2025-12-02T10:00:00.000Z',
  readingCount: 0,
  collectedAt: null,
  progress: null,
  problem: null,
};

export const resultsPage: ResultsPage = {
  biomarkers: [unknown, hba1c, ldl, glucose],
  sources: [
    {
      uploadId: UPLOAD_ID,
      fileName: 'quest-december.json',
      collectedAt: '2025-12-01T09:00:00.000Z',
      order: { id: 'ord_1', href: '/checkout/thank-you?orderId=ord_1' },
      subscription: { id: 'sub_1', href: '/account/subscriptions/sub_1' },
    },
  ],
  pending: [pendingCsv],
  retest: {
    dueAt: '2026-03-01T09:00:00.000Z',
    intervalLabel: 'every 3 months',
    subscriptionId: 'sub_1',
    href: '/account/subscriptions/sub_1',
  },
};

export const guide: BiomarkerGuide = {
  disclaimer: 'This informs and does not diagnose: talk to a doctor about your results.',
  biomarkers: [
    {
      key: 'ldl-cholesterol',
      name: 'LDL cholesterol',
      measures: 'The cholesterol carried by low-density lipoprotein.',
      high: 'A high value can mean a higher risk of heart disease over time.',
      low: 'A low value is rarely a concern.',
      doctor: 'If it stays high across tests, ask your doctor about it.',
    },
  ],
};
