// Reading uploaded reports into readings and showing them: every status path (FHIR read in the
// request; CSV columns; PDF through the job and the customer's confirmation; photos), hostile
// files refused with a 4xx and nothing stored, the results page (units converted, flags, sources,
// retest), the export, deleting everything, and the owner rule on every route.
// This file also runs on PostgreSQL (jest.postgres.config.cjs).
import fs from 'node:fs/promises';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import {
  resultsPageSchema,
  type ConfirmCsvColumnsResult,
  type ResultsPage,
  type ResultUploadDetail,
} from '@shop/shared/contract/results';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { multipart, type FilePart } from '../../helpers/multipart';
import {
  bigBundle,
  fhirBundle,
  textPdf,
  zipBomb,
  type LabValue,
} from '../../helpers/result-reports';
import {
  signedUpSubscriber,
  subscribedAccount,
  type Subscriber,
} from '../../helpers/subscriptions';
import { readStoredUpload } from '../../../src/services/results/read-upload';

let t: TestApp;
let owner: Subscriber;
let stranger: Subscriber;

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_RATE_LIMIT_MAX: '1000' } });
  owner = await signedUpSubscriber(t, 'results-owner');
  stranger = await signedUpSubscriber(t, 'results-stranger');
});
afterAll(() => t.close());

const LDL_MARCH: LabValue = {
  name: 'LDL Cholesterol',
  loinc: '13457-7',
  value: 162,
  unit: 'mg/dL',
  high: 130,
  flag: 'H',
  date: '2026-03-03T08:00:00Z',
};
const GLUCOSE_MARCH: LabValue = {
  name: 'Glucose',
  loinc: '2345-7',
  value: 92,
  unit: 'mg/dL',
  low: 70,
  high: 99,
  date: '2026-03-03T08:00:00Z',
};
const CSV = Buffer.from(
  [
    'Test,Result,Units,Date',
    'LDL-C,3.5,mmol/L,2026-06-02',
    'Glucose,5.1,mmol/L,2026-06-02',
    'Ferritin,,ng/mL,2026-06-02',
    ',12,mg/dL,2026-06-02',
  ].join('\n'),
);

function upload(who: Subscriber | null, part: FilePart): Promise<LightMyRequestResponse> {
  const body = multipart([part]);
  return t.inject({
    method: 'POST',
    url: API_PATHS.resultUploads,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

async function uploaded(who: Subscriber, part: FilePart): Promise<ResultUpload> {
  const response = await upload(who, part);
  if (response.statusCode !== 201)
    throw new Error(`Upload answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const fhirPart = (values: readonly LabValue[], name = 'portal.json'): FilePart => ({
  name,
  type: 'application/fhir+json',
  bytes: fhirBundle(values),
});

const as = (who: Subscriber | null) => (who ? { cookie: who.cookie } : {});
const detail = (who: Subscriber | null, id: string) =>
  t.inject({ method: 'GET', url: buildPath(API_PATHS.resultUpload, { id }), headers: as(who) });
const confirmColumns = (who: Subscriber | null, id: string, payload: object) =>
  t.inject({
    method: 'POST',
    url: buildPath(API_PATHS.resultUploadColumns, { id }),
    headers: as(who),
    payload,
  });
const confirmValues = (who: Subscriber | null, id: string, payload: object) =>
  t.inject({
    method: 'POST',
    url: buildPath(API_PATHS.resultUploadReadings, { id }),
    headers: as(who),
    payload,
  });
const resultsOf = async (who: Subscriber): Promise<ResultsPage> => {
  const response = await t.inject({ method: 'GET', url: API_PATHS.results, headers: as(who) });
  expect(response.statusCode).toBe(200);
  return resultsPageSchema.parse(response.json());
};
const exportAs = (who: Subscriber | null, format?: string) =>
  t.inject({
    method: 'GET',
    url: `${API_PATHS.resultsExport}${format ? `?format=${format}` : ''}`,
    headers: as(who),
  });
const deleteAll = (who: Subscriber | null) =>
  t.inject({ method: 'DELETE', url: API_PATHS.results, headers: as(who) });

const CSV_COLUMNS = {
  mapping: {
    analyte: 0,
    value: 1,
    unit: 2,
    range: null,
    low: null,
    high: null,
    flag: null,
    date: 3,
  },
  collectedOn: null,
  hasHeader: true,
};
const TYPED = {
  collectedOn: '2026-09-01',
  readings: [
    {
      name: 'LDL cholesterol',
      biomarkerKey: 'ldl-cholesterol',
      value: '131',
      unit: 'mg/dL',
      low: null,
      high: 130,
      rangeText: null,
      flag: 'high',
    },
    {
      name: 'Hepatitis B surface antigen',
      biomarkerKey: null,
      value: 'negative',
      unit: null,
      low: null,
      high: null,
      rangeText: 'negative',
      flag: null,
    },
  ],
};

async function uploadCount(userId: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('result_uploads')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

async function storedFiles(): Promise<number> {
  const entries = await fs.readdir(t.config.uploadsDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

const expectRefused = (response: LightMyRequestResponse, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({
    error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  });
};

describe('reading a report', () => {
  it('reads a small FHIR bundle in the request: its readings are stored and shown', async () => {
    const stored = await uploaded(owner, fhirPart([LDL_MARCH, GLUCOSE_MARCH]));
    expect(stored).toMatchObject({ type: 'fhir', status: 'read', readingCount: 2 });
    expect(stored.collectedAt).toBe('2026-03-03T08:00:00.000Z');
    const response = await detail(owner, stored.id);
    expect(response.statusCode).toBe(200);
    const body: ResultUploadDetail = response.json();
    expect(body.draft).toBeNull();
    expect(body.readings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'LDL Cholesterol',
          loinc: '13457-7',
          biomarkerKey: 'ldl-cholesterol',
          value: 162,
          unit: 'mg/dL',
          flag: 'high',
          range: { low: null, high: 130, text: null },
        }),
      ]),
    );
  });

  it('asks for a CSV’s columns, then reads the rows and reports the ones it could not', async () => {
    const stored = await uploaded(owner, { name: 'lab.csv', type: 'text/csv', bytes: CSV });
    expect(stored.status).toBe('needs-columns');
    const draft = ((await detail(owner, stored.id)).json() as ResultUploadDetail).draft;
    expect(draft).toMatchObject({
      kind: 'csv',
      rowCount: 4,
      rows: expect.arrayContaining([['Test', 'Result', 'Units', 'Date']]),
    });
    // Nothing counts before the columns are confirmed.
    expect((await resultsOf(owner)).pending.map((upload) => upload.id)).toContain(stored.id);

    const response = await confirmColumns(owner, stored.id, CSV_COLUMNS);
    expect(response.statusCode).toBe(200);
    const body: ConfirmCsvColumnsResult = response.json();
    expect(body.upload).toMatchObject({ status: 'read', readingCount: 2 });
    expect(body.skippedCount).toBe(2);
    expect(body.skipped.map((skipped) => skipped.row)).toEqual([4, 5]);
    // Confirmed once: a second confirmation is refused.
    expect((await confirmColumns(owner, stored.id, CSV_COLUMNS)).statusCode).toBe(409);
  });

  it('refuses columns from which no row can be read (422), and a CSV without any date (400)', async () => {
    const stored = await uploaded(owner, { name: 'lab.csv', type: 'text/csv', bytes: CSV });
    const noDate = await confirmColumns(owner, stored.id, {
      ...CSV_COLUMNS,
      mapping: { ...CSV_COLUMNS.mapping, date: null },
    });
    expectRefused(noDate, 400);
    const empty = await uploaded(owner, {
      name: 'empty-values.csv',
      type: 'text/csv',
      bytes: Buffer.from('Test,Result,Units\nLDL,,mg/dL\nHDL,,mg/dL\n'),
    });
    const nothing = await confirmColumns(owner, empty.id, {
      ...CSV_COLUMNS,
      mapping: { ...CSV_COLUMNS.mapping, date: null },
      collectedOn: '2026-06-02',
    });
    expectRefused(nothing, 422);
    // Refused columns leave the upload waiting for better ones.
    expect(((await detail(owner, empty.id)).json() as ResultUploadDetail).upload.status).toBe(
      'needs-columns',
    );
  });

  it('reads a PDF in a job with progress, then counts only the values the customer confirms', async () => {
    const pdf = textPdf(['LDL Cholesterol 131 mg/dL <130 H', 'Collected 2026-09-01']);
    const stored = await uploaded(owner, {
      name: 'report.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(stored).toMatchObject({ type: 'pdf', status: 'reading', progress: 0 });
    // Nothing read yet, and confirming is not possible while the job reads it.
    expect((await confirmValues(owner, stored.id, TYPED)).statusCode).toBe(409);

    await t.app.jobs.runDue();
    const read: ResultUploadDetail = (await detail(owner, stored.id)).json();
    expect(read.upload).toMatchObject({
      status: 'needs-confirmation',
      progress: 100,
      readingCount: 0,
    });
    expect(read.draft).toMatchObject({ kind: 'document', hasText: true });
    expect(read.readings).toEqual([]);

    const confirmed = await confirmValues(owner, stored.id, TYPED);
    expect(confirmed.statusCode).toBe(200);
    const body: ResultUploadDetail = confirmed.json();
    expect(body.upload).toMatchObject({ status: 'read', readingCount: 2 });
    expect(body.readings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Hepatitis B surface antigen',
          value: null,
          valueText: 'negative',
        }),
        expect.objectContaining({ biomarkerKey: 'ldl-cholesterol', value: 131, flag: 'high' }),
      ]),
    );
    expect((await confirmValues(owner, stored.id, TYPED)).statusCode).toBe(409);
  });

  it('waits for typed values on a photo', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('IHDR'),
    ]);
    const stored = await uploaded(owner, { name: 'photo.png', type: 'image/png', bytes: png });
    expect(stored.status).toBe('needs-confirmation');
    expect(((await detail(owner, stored.id)).json() as ResultUploadDetail).draft).toEqual({
      kind: 'document',
      suggestions: [],
      suggestedCollectedOn: null,
      hasText: false,
    });
    expectRefused(
      await confirmValues(owner, stored.id, { ...TYPED, collectedOn: '2026-02-30' }),
      400,
    );
  });

  it('reads a report over 1 MiB in a job, and a re-run replaces its readings instead of adding', async () => {
    const big = bigBundle(6_000);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const stored = await uploaded(owner, {
      name: 'big.json',
      type: 'application/json',
      bytes: big,
    });
    expect(stored).toMatchObject({ status: 'reading', progress: 0, readingCount: 0 });
    await t.app.jobs.runDue();
    const read: ResultUploadDetail = (await detail(owner, stored.id)).json();
    expect(read.upload).toMatchObject({ status: 'read', progress: 100, readingCount: 6_000 });

    // A second run of a finished job changes nothing; a run of a job left half-done replaces.
    await readStoredUpload({ db: t.app.db, uploadStore: t.app.uploadStore }, stored.id);
    await t.app.db
      .updateTable('result_uploads')
      .set({ status: 'reading' })
      .where('id', '=', stored.id)
      .execute();
    await readStoredUpload({ db: t.app.db, uploadStore: t.app.uploadStore }, stored.id);
    const count = await t.app.db
      .selectFrom('result_readings')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('upload_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(6_000);
    const again: ResultUploadDetail = (await detail(owner, stored.id)).json();
    expect(again.upload.status).toBe('read');
    // Deleting the upload deletes its readings.
    const removed = await t.inject({
      method: 'DELETE',
      url: buildPath(API_PATHS.resultUpload, { id: stored.id }),
      headers: as(owner),
    });
    expect(removed.statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('result_readings')
      .select('id')
      .where('upload_id', '=', stored.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('hostile and malformed files', () => {
  const deep = `{"resourceType":"Bundle","entry":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
  const huge = JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    entry: Array.from({ length: 20_001 }, () => ({})),
  });
  const evilPdf = textPdf(['LDL 131'], '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>');
  const bombZip = zipBomb();
  const notFhir = JSON.stringify({ name: 'my results', ldl: 131 });
  const emptyBundle = JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: [] });
  it.each([
    ['deeply nested JSON', 'deep.json', 'application/json', Buffer.from(deep), [413, 422]],
    [
      'a bundle of 20,001 resources',
      'huge.json',
      'application/json',
      Buffer.from(huge),
      [413, 422],
    ],
    ['a zip bomb', 'export.zip', 'application/zip', bombZip, [413, 422]],
    ['a PDF with JavaScript', 'report.pdf', 'application/pdf', evilPdf, [422]],
    ['JSON that is not FHIR', 'data.json', 'application/json', Buffer.from(notFhir), [415, 422]],
    [
      'a bundle with no observation',
      'empty.json',
      'application/json',
      Buffer.from(emptyBundle),
      [422],
    ],
    ['JSON cut off', 'cut.json', 'application/json', Buffer.from('{"resourceType":"Bun'), [422]],
    ['garbage', 'noise.bin', 'application/octet-stream', Buffer.from([1, 2, 3, 250, 251]), [415]],
  ] as const)(
    'refuses %s with a 4xx in the error shape, storing nothing',
    async (_label, name, type, bytes, statuses) => {
      const before = { rows: await uploadCount(owner.userId), files: await storedFiles() };
      const response = await upload(owner, { name, type, bytes });
      expect(statuses as readonly number[]).toContain(response.statusCode);
      expect(response.json()).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      });
      expect({ rows: await uploadCount(owner.userId), files: await storedFiles() }).toEqual(before);
    },
  );

  it('reads a zip of FHIR clinical records in a job', async () => {
    const zip = Buffer.from(
      zipSync({
        'apple_health_export/clinical-records/Observation-1.json': strToU8(
          JSON.stringify(
            (JSON.parse(fhirBundle([LDL_MARCH]).toString()) as { entry: { resource: unknown }[] })
              .entry[0]?.resource,
          ),
        ),
      }),
    );
    const stored = await uploaded(stranger, {
      name: 'export.zip',
      type: 'application/zip',
      bytes: zip,
    });
    expect(stored).toMatchObject({ type: 'zip', status: 'reading' });
    await t.app.jobs.runDue();
    const read: ResultUploadDetail = (await detail(stranger, stored.id)).json();
    expect(read.upload).toMatchObject({ status: 'read', readingCount: 1 });
    await deleteAll(stranger);
  });
});

describe('the results page', () => {
  let person: Subscriber;
  beforeAll(async () => {
    person = await signedUpSubscriber(t, 'results-page');
  });

  it('draws mg/dL and mmol/L readings of LDL on one line, in mg/dL, flagged', async () => {
    await uploaded(person, fhirPart([LDL_MARCH]));
    await uploaded(
      person,
      fhirPart([
        { ...LDL_MARCH, value: 3.5, unit: 'mmol/L', high: 3.36, date: '2026-06-02T08:00:00Z' },
        { ...GLUCOSE_MARCH, value: 5, unit: 'mmol/mol', date: '2026-06-02T08:00:00Z' },
      ]),
    );
    const page = await resultsOf(person);
    const ldl = page.biomarkers.find((biomarker) => biomarker.key === 'ldl-cholesterol');
    expect(ldl).toMatchObject({ unit: 'mg/dL', system: 'heart' });
    // Converted values and ranges at the precision labs print in mg/dL (135, not 135.345).
    expect(ldl?.points.map((point) => point.value)).toEqual([162, 135]);
    expect(ldl?.points.map((point) => point.flag)).toEqual(['high', 'high']);
    expect(ldl?.points[1]?.asWritten).toBe('3.5 mmol/L');
    expect(ldl?.points[1]?.range).toMatchObject({ low: null, high: 130 });
    expect(ldl?.change).toBe(-27);
    // A unit that cannot be converted is kept for the table, never drawn.
    const glucose = page.biomarkers.find((biomarker) => biomarker.key === 'glucose');
    expect(glucose?.points.map((point) => point.value)).toEqual([null]);
    expect(glucose?.points[0]?.asWritten).toBe('5 mmol/mol');
    expect(page.sources).toHaveLength(2);
    // Without a plan, test again three months after the latest collection, from the pricing page.
    expect(page.retest).toEqual({
      dueAt: '2026-09-02T08:00:00.000Z',
      intervalLabel: 'every 3 months',
      subscriptionId: null,
      href: '/pricing',
    });
  });

  it('flags from the range when the lab gave no flag, and keys unknown analytes by code or name', async () => {
    await uploaded(
      person,
      fhirPart([
        { ...GLUCOSE_MARCH, value: 104, date: '2026-07-01T08:00:00Z' },
        {
          name: 'Amylase',
          loinc: '1798-8',
          value: 60,
          unit: 'U/L',
          low: 28,
          high: 100,
          date: '2026-07-01T08:00:00Z',
        },
        {
          name: 'Lab Special Index',
          loinc: null,
          value: 7,
          unit: 'U/L',
          date: '2026-07-01T08:00:00Z',
        },
      ]),
    );
    const page = await resultsOf(person);
    expect(
      page.biomarkers.find((biomarker) => biomarker.key === 'glucose')?.points.at(-1)?.flag,
    ).toBe('high');
    expect(page.biomarkers.find((biomarker) => biomarker.key === 'loinc:1798-8')).toMatchObject({
      name: 'Amylase',
      system: 'other',
      unit: 'U/L',
      points: [expect.objectContaining({ value: 60, flag: 'normal' })],
    });
    expect(
      page.biomarkers.find((biomarker) => biomarker.key === 'name:lab-special-index'),
    ).toMatchObject({
      system: 'other',
      points: [expect.objectContaining({ value: 7, flag: null })],
    });
  });

  it('reads a range given only as text, in its own unit, and shows units as people write them', async () => {
    const reader = await signedUpSubscriber(t, 'results-range-text');
    await uploaded(
      reader,
      fhirPart([
        {
          ...GLUCOSE_MARCH,
          value: 104,
          low: undefined,
          high: undefined,
          rangeText: '3.9–5.5 mmol/L fasting',
        },
        {
          ...LDL_MARCH,
          value: 3.2,
          unit: 'mmol/L',
          high: undefined,
          flag: undefined,
          rangeText: '<3.0',
        },
        {
          name: 'TSH',
          loinc: '3016-3',
          value: 2.1,
          unit: 'm[IU]/L',
          rangeText: '0.4 to 4.0 mIU/L',
          date: '2026-03-03T08:00:00Z',
        },
        {
          name: 'HDL Cholesterol',
          loinc: '2085-9',
          value: 38,
          unit: 'mg/dL',
          rangeText: '> 40 mg/dL (higher is better)',
          date: '2026-03-03T08:00:00Z',
        },
      ]),
    );
    const page = await resultsOf(reader);
    const latestOf = (key: string) =>
      page.biomarkers.find((biomarker) => biomarker.key === key)?.points.at(-1);
    // 3.9–5.5 mmol/L is 70–99 mg/dL: 104 mg/dL is high, compared in one unit.
    expect(latestOf('glucose')).toMatchObject({
      value: 104,
      range: { low: 70, high: 99, text: '3.9–5.5 mmol/L fasting' },
      flag: 'high',
    });
    // No unit in the text: the value's (3.2 mmol/L under 3.0 mmol/L is high; 124 over 116 mg/dL).
    expect(latestOf('ldl-cholesterol')).toMatchObject({
      value: 124,
      range: { low: null, high: 116 },
      flag: 'high',
    });
    expect(latestOf('tsh')).toMatchObject({
      range: { low: 0.4, high: 4 },
      flag: 'normal',
      asWritten: '2.1 mIU/L',
    });
    expect(latestOf('hdl-cholesterol')).toMatchObject({
      range: { low: 40, high: null },
      flag: 'low',
    });
  });

  it('links a report to the kit order and subscription it came with, and dates the retest by the plan’s next kit', async () => {
    const { subscriber, id, orderId } = await subscribedAccount(
      t,
      'results-plan',
      'bloodwise_monthly',
    );
    const after = new Date(t.app.clock.now().getTime() + 86_400_000).toISOString();
    const stored = await uploaded(subscriber, fhirPart([{ ...LDL_MARCH, date: after }]));
    const page = await resultsOf(subscriber);
    expect(page.sources).toEqual([
      expect.objectContaining({
        uploadId: stored.id,
        order: { id: orderId, href: expect.any(String) },
        subscription: { id, href: `/account/subscriptions/${id}` },
      }),
    ]);
    expect(page.retest).toMatchObject({ intervalLabel: 'every month', subscriptionId: id });
    // The next test is the plan's next kit, the date its subscription shows.
    const plan = await subscriber.inject({
      method: 'GET',
      url: buildPath(API_PATHS.accountSubscription, { id }),
    });
    expect(page.retest?.dueAt).toBe(plan.json().nextRenewal.at);
  });
});

describe('export and delete-all', () => {
  let person: Subscriber;
  beforeAll(async () => {
    person = await signedUpSubscriber(t, 'results-export');
    await uploaded(person, fhirPart([LDL_MARCH, GLUCOSE_MARCH]));
    await uploaded(person, { name: 'lab.csv', type: 'text/csv', bytes: CSV });
  });

  it('exports the readings as a FHIR R4 Bundle of Observations', async () => {
    const response = await exportAs(person, 'fhir');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    expect(response.headers['cache-control']).toContain('no-store');
    const bundle = response.json() as {
      resourceType: string;
      type: string;
      entry: { fullUrl: string; resource: Record<string, unknown> }[];
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(2);
    for (const entry of bundle.entry) {
      expect(entry.fullUrl).toMatch(/^urn:uuid:/);
      expect(entry.resource).toMatchObject({
        resourceType: 'Observation',
        status: 'final',
        code: { text: expect.any(String) },
        effectiveDateTime: '2026-03-03T08:00:00.000Z',
        valueQuantity: { value: expect.any(Number), system: 'http://unitsofmeasure.org' },
      });
    }
    expect(bundle.entry.map((entry) => entry.resource.interpretation)).toContainEqual([
      expect.objectContaining({ coding: [expect.objectContaining({ code: 'H' })] }),
    ]);
  });

  it('exports one CSV row per reading', async () => {
    const response = await exportAs(person, 'csv');
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'collected_at,analyte,loinc,value,unit,range_low,range_high,range_text,flag,biomarker,file',
    );
    expect(lines).toHaveLength(3);
    expect(lines).toContain(
      '2026-03-03T08:00:00.000Z,LDL Cholesterol,13457-7,162,mg/dL,,130,,high,ldl-cholesterol,portal.json',
    );
  });

  it('exports a zip with every uploaded file and both reading files', async () => {
    const response = await exportAs(person);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="lab-results-/);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries);
    expect(names).toHaveLength(4);
    expect(names).toEqual(
      expect.arrayContaining([
        'results.csv',
        'results.fhir.json',
        expect.stringMatching(/^uploads\/[0-9a-f]{8}-lab\.csv$/),
        expect.stringMatching(/^uploads\/[0-9a-f]{8}-portal\.json$/),
      ]),
    );
    expect(JSON.parse(strFromU8(entries['results.fhir.json'] as Uint8Array))).toMatchObject({
      resourceType: 'Bundle',
      type: 'collection',
    });
    const csvEntry = names.find((name) => name.endsWith('lab.csv')) as string;
    expect(Buffer.from(entries[csvEntry] as Uint8Array).equals(CSV)).toBe(true);
  });

  it('deletes every upload, reading and file of the owner only', async () => {
    const strangers = await uploaded(stranger, fhirPart([LDL_MARCH]));
    const files = await storedFiles();
    const response = await deleteAll(person);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedUploads: 2 });
    expect(await uploadCount(person.userId)).toBe(0);
    expect(await storedFiles()).toBe(files - 2);
    const page = await resultsOf(person);
    expect(page).toEqual({ biomarkers: [], sources: [], pending: [], retest: null });
    expect((await detail(stranger, strangers.id)).statusCode).toBe(200);
    await deleteAll(stranger);
  });
});

describe('the owner rule', () => {
  let mine: ResultUpload;
  let csv: ResultUpload;
  let photo: ResultUpload;
  beforeAll(async () => {
    mine = await uploaded(owner, fhirPart([LDL_MARCH]));
    csv = await uploaded(owner, { name: 'lab.csv', type: 'text/csv', bytes: CSV });
    photo = await uploaded(owner, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF')]),
    });
  });
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  it('answers a stranger on every upload route exactly like a missing id', async () => {
    const calls = [
      (who: Subscriber, id: string) => detail(who, id),
      (who: Subscriber, id: string) =>
        confirmColumns(who, id === UNKNOWN ? id : csv.id, CSV_COLUMNS),
      (who: Subscriber, id: string) => confirmValues(who, id === UNKNOWN ? id : photo.id, TYPED),
    ];
    for (const call of calls) {
      const missing = await call(owner, UNKNOWN);
      expect(missing.statusCode).toBe(404);
      const foreign = await call(stranger, mine.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    // Still waiting: the stranger's attempts changed nothing.
    expect(((await detail(owner, csv.id)).json() as ResultUploadDetail).upload.status).toBe(
      'needs-columns',
    );
    expect(((await detail(owner, photo.id)).json() as ResultUploadDetail).upload.status).toBe(
      'needs-confirmation',
    );
  });

  it('shows, exports and deletes only the caller’s own results', async () => {
    const page = await resultsOf(stranger);
    expect(page.biomarkers).toEqual([]);
    expect(page.pending).toEqual([]);
    const csvExport = await exportAs(stranger, 'csv');
    expect(csvExport.body.trim().split('\r\n')).toHaveLength(1);
    expect((await deleteAll(stranger)).json()).toEqual({ deletedUploads: 0 });
    expect((await detail(owner, mine.id)).statusCode).toBe(200);
  });

  it('needs a session on every route, and keeps responses private', async () => {
    for (const response of [
      await detail(null, mine.id),
      await confirmColumns(null, csv.id, CSV_COLUMNS),
      await confirmValues(null, photo.id, TYPED),
      await t.inject({ method: 'GET', url: API_PATHS.results }),
      await exportAs(null, 'csv'),
      await deleteAll(null),
    ])
      expect(response.statusCode).toBe(401);
    for (const response of [
      await detail(owner, mine.id),
      await t.inject({ method: 'GET', url: API_PATHS.results, headers: as(owner) }),
    ])
      expect(response.headers['cache-control']).toContain('no-store');
  });
});

describe('the API description', () => {
  it('documents every results route', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const openApi = (p: string) => p.replace(/:(\w+)/g, '{$1}');
    expect(Object.keys(document.paths[openApi(API_PATHS.resultUpload)] ?? {})).toEqual(
      expect.arrayContaining(['get', 'delete']),
    );
    expect(document.paths[openApi(API_PATHS.resultUploadColumns)]?.post).toBeDefined();
    expect(document.paths[openApi(API_PATHS.resultUploadReadings)]?.post).toBeDefined();
    expect(Object.keys(document.paths[API_PATHS.results] ?? {})).toEqual(
      expect.arrayContaining(['get', 'delete']),
    );
    expect(document.paths[API_PATHS.resultsExport]?.get).toBeDefined();
    expect(document.paths[API_PATHS.biomarkerGuide]?.get).toBeDefined();
  });
});
