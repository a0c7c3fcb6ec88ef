// The demo customer's lab history, so a fresh `npm start` shows trends at once: three reports
// about a quarter apart (a FHIR bundle from a patient portal, a CSV whose columns were
// confirmed, a PDF whose values were confirmed), with an LDL that is high but coming down.
// The files are in the upload store like any customer's; the readings are stored as confirmed.
import { createHash, randomUUID } from 'node:crypto';
import type { ResultFlag } from '@shop/shared/contract/results';
import type { Database, ResultReadingRow, ResultUploadsTable } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import {
  findActivePlan,
  insertResultUpload,
  updateResultUploadState,
} from '../../repositories/result-uploads-repository';
import type { ParsedReading } from './readers/parsed-reading';
import { readingsBundle } from './results-export';
import { simpleTextPdf } from './simple-pdf';
import { storeReadings, toNewReading } from './store-readings';
import type { UploadStore } from './upload-store';

interface DemoValue {
  name: string;
  loinc: string;
  value: number;
  unit: string;
  low: number | null;
  high: number | null;
  flag: ResultFlag;
}

const v = (
  name: string,
  loinc: string,
  value: number,
  unit: string,
  low: number | null,
  high: number | null,
  flag: ResultFlag = 'normal',
): DemoValue => ({ name, loinc, value, unit, low, high, flag });

/** Oldest first; the CSV lab reports in mmol/L, so the page converts. */
const REPORTS: {
  type: ResultUploadsTable['detected_type'];
  fileName: string;
  monthsAgo: number;
  values: DemoValue[];
}[] = [
  {
    type: 'fhir',
    fileName: 'patient-portal-export.json',
    monthsAgo: 7,
    values: [
      v('LDL Cholesterol', '13457-7', 168, 'mg/dL', null, 100, 'high'),
      v('HDL Cholesterol', '2085-9', 47, 'mg/dL', 40, null),
      v('Cholesterol, Total', '2093-3', 246, 'mg/dL', null, 200, 'high'),
      v('Triglycerides', '2571-8', 162, 'mg/dL', null, 150, 'high'),
      v('Glucose', '2345-7', 98, 'mg/dL', 70, 99),
      v('Hemoglobin A1c', '4548-4', 5.6, '%', null, 5.7),
      v('Vitamin D, 25-Hydroxy', '1989-3', 24, 'ng/mL', 30, 100, 'low'),
      v('TSH', '3016-3', 2.1, 'mIU/L', 0.45, 4.5),
    ],
  },
  {
    type: 'csv',
    fileName: 'lab-results.csv',
    monthsAgo: 4,
    values: [
      v('LDL-C', '13457-7', 3.9, 'mmol/L', null, 2.59, 'high'),
      v('HDL-C', '2085-9', 1.3, 'mmol/L', 1.03, null),
      v('Total cholesterol', '2093-3', 5.9, 'mmol/L', null, 5.17, 'high'),
      v('Triglycerides', '2571-8', 1.6, 'mmol/L', null, 1.7),
      v('Glucose', '2345-7', 5.2, 'mmol/L', 3.9, 5.5),
      v('HbA1c', '4548-4', 5.5, '%', null, 5.7),
      v('Vitamin D', '1989-3', 33, 'ng/mL', 30, 100),
    ],
  },
  {
    type: 'pdf',
    fileName: 'quarterly-panel.pdf',
    monthsAgo: 1,
    values: [
      v('LDL Cholesterol', '13457-7', 131, 'mg/dL', null, 100, 'high'),
      v('HDL Cholesterol', '2085-9', 54, 'mg/dL', 40, null),
      v('Total Cholesterol', '2093-3', 208, 'mg/dL', null, 200, 'high'),
      v('Triglycerides', '2571-8', 118, 'mg/dL', null, 150),
      v('Glucose', '2345-7', 93, 'mg/dL', 70, 99),
      v('HbA1c', '4548-4', 5.4, '%', null, 5.7),
      v('Vitamin D', '1989-3', 41, 'ng/mL', 30, 100),
      v('hs-CRP', '30522-7', 0.8, 'mg/L', null, 3),
    ],
  },
];

const rangeText = (value: DemoValue) =>
  value.low !== null && value.high !== null
    ? `${value.low}-${value.high}`
    : value.high !== null
      ? `<${value.high}`
      : `>${value.low}`;
const FLAG_LETTER: Partial<Record<ResultFlag, string>> = { high: 'H', low: 'L' };

function csvFile(values: readonly DemoValue[], day: string): string {
  const rows = values.map((value) =>
    [
      value.name,
      value.value,
      value.unit,
      rangeText(value),
      FLAG_LETTER[value.flag] ?? '',
      day,
    ].join(','),
  );
  return `${['Test,Result,Units,Reference range,Flag,Collected', ...rows].join('\r\n')}\r\n`;
}

function pdfFile(values: readonly DemoValue[], day: string): Buffer {
  return simpleTextPdf([
    'Quarterly blood panel',
    `Collected: ${day}`,
    '',
    'Test  Result  Units  Reference range  Flag',
    ...values.map(
      (value) =>
        `${value.name}  ${value.value}  ${value.unit}  ${rangeText(value)}  ${FLAG_LETTER[value.flag] ?? ''}`,
    ),
  ]);
}

const parsed = (value: DemoValue, collectedAt: string): ParsedReading => ({
  name: value.name,
  loinc: value.loinc,
  value: value.value,
  valueText: null,
  unit: value.unit,
  range: { low: value.low, high: value.high, text: null },
  flag: value.flag,
  collectedAt,
});

export interface DemoResultsDeps {
  db: Database;
  uploadStore: UploadStore;
  now: Date;
}

/** Gives the demo customer their reports unless they have uploads already (runs on every start). */
export async function seedDemoResults(deps: DemoResultsDeps, email: string): Promise<void> {
  const user = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return;
  const existing = await deps.db
    .selectFrom('result_uploads')
    .select('id')
    .where('user_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const plan = await findActivePlan(deps.db, user.id);
  for (const report of REPORTS) {
    // Collected at 8 in the morning, a whole number of months back.
    const collectedAt = addCalendarSteps(deps.now, 'month', -report.monthsAgo);
    collectedAt.setUTCHours(8, 0, 0, 0);
    const day = collectedAt.toISOString().slice(0, 10);
    const id = randomUUID();
    const owner = { id, user_id: user.id };
    const readings = report.values.map((value) =>
      toNewReading(owner, parsed(value, collectedAt.toISOString()), collectedAt),
    );
    const bytes =
      report.type === 'fhir'
        ? Buffer.from(
            JSON.stringify(readingsBundle(readings as ResultReadingRow[], collectedAt), null, 2),
          )
        : report.type === 'csv'
          ? Buffer.from(csvFile(report.values, day))
          : pdfFile(report.values, day);
    await deps.uploadStore.put(id, bytes);
    await deps.db.transaction().execute(async (trx) => {
      const upload = await insertResultUpload(trx, {
        id,
        userId: user.id,
        fileName: report.fileName,
        sizeBytes: bytes.length,
        detectedType: report.type,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      await storeReadings(trx, upload, readings);
      // The demo's kits come with its subscription.
      if (plan) await updateResultUploadState(trx, id, { subscription_id: plan.subscriptionId });
    });
  }
}
