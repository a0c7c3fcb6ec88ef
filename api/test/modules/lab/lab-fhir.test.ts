// The FHIR R4 intake: a signed transaction Bundle lands in the same readings as an ORU^R01;
// an unsigned, mis-signed, stale or tampered request is refused, and hostile FHIR gets a 4xx in
// the shop's error shape with nothing stored.
import { isErrorBody } from '@shop/shared/contract/errors';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { makeLabKit } from '../../helpers/lab-kits';
import { LAB_PATHS, signLabBody } from '../../../src/modules/lab';
import { listOwnReadings } from '../../../src/repositories/result-readings-repository';

const SECRET = 'test-lab-fhir-secret-0123456789abcdef';
let t: TestApp;
const saved = process.env.LAB_FHIR_SECRET;

beforeAll(async () => {
  process.env.LAB_FHIR_SECRET = SECRET;
  t = await buildTestApp();
  // A fresh database copy: slow only on a machine busy with other builds.
}, 120_000);

afterAll(async () => {
  if (saved === undefined) delete process.env.LAB_FHIR_SECRET;
  else process.env.LAB_FHIR_SECRET = saved;
  await t.close();
});

interface Value {
  loinc: string;
  display: string;
  value: number;
  unit: string;
  flag: string;
  status?: string;
}

function bundle(kitCode: string, id: string, values: Value[]): Record<string, unknown> {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    identifier: { system: 'urn:lab:bundles', value: id },
    entry: [
      {
        resource: {
          resourceType: 'DiagnosticReport',
          status: 'final',
          code: {
            coding: [{ system: 'http://loinc.org', code: '24331-1', display: 'Lipid panel' }],
          },
          effectiveDateTime: '2026-12-01T08:30:00Z',
        },
        request: { method: 'POST', url: 'DiagnosticReport' },
      },
      {
        resource: {
          resourceType: 'Specimen',
          identifier: [{ system: 'urn:shop:kit', value: kitCode }],
          collection: { collectedDateTime: '2026-12-01T08:30:00Z' },
        },
        request: { method: 'POST', url: 'Specimen' },
      },
      ...values.map((v) => ({
        resource: {
          resourceType: 'Observation',
          status: v.status ?? 'final',
          code: { coding: [{ system: 'http://loinc.org', code: v.loinc, display: v.display }] },
          valueQuantity: {
            value: v.value,
            unit: v.unit,
            system: 'http://unitsofmeasure.org',
            code: v.unit,
          },
          referenceRange: [{ high: { value: 100 } }],
          interpretation: [{ coding: [{ code: v.flag }] }],
        },
        request: { method: 'POST', url: 'Observation' },
      })),
    ],
  };
}

const LDL: Value = {
  loinc: '13457-7',
  display: 'LDL Cholesterol',
  value: 131,
  unit: 'mg/dL',
  flag: 'H',
};

function post(body: string, signature?: string | null) {
  return t.inject({
    method: 'POST',
    url: LAB_PATHS.fhir,
    headers: {
      'content-type': 'application/fhir+json',
      ...(signature === null
        ? {}
        : { 'x-lab-signature': signature ?? signLabBody(SECRET, body, t.app.clock.now()) }),
    },
    payload: body,
  });
}

const countMessages = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('lab_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('applies a signed bundle once into the customer’s readings', async () => {
  const kit = await makeLabKit(t.app.db);
  const body = JSON.stringify(bundle(kit.code, 'B-1', [LDL]));
  const first = await post(body);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ outcome: 'applied', reason: null });
  expect((await post(body)).json()).toEqual({ outcome: 'applied', reason: null });
  const readings = await listOwnReadings(t.app.db, kit.userId);
  expect(readings.map((r) => [r.loinc, r.value, r.unit, r.flag, r.range_high])).toEqual([
    ['13457-7', 131, 'mg/dL', 'high', 100],
  ]);
});

it('queues a bundle for an unknown kit (202) and shows it to nobody', async () => {
  const response = await post(JSON.stringify(bundle('00000000000', 'B-UNKNOWN', [LDL])));
  expect(response.statusCode).toBe(202);
  expect(response.json().outcome).toBe('queued');
});

it('refuses a request that is unsigned, signed with another secret, stale or tampered with', async () => {
  const kit = await makeLabKit(t.app.db);
  const body = JSON.stringify(bundle(kit.code, 'B-SIG', [LDL]));
  const now = t.app.clock.now();
  const before = await countMessages();
  const cases = [
    null,
    'garbage',
    signLabBody('another-secret-0123456789abcdef012345', body, now),
    signLabBody(SECRET, body, new Date(now.getTime() - 10 * 60_000)),
    signLabBody(SECRET, body.replace('131', '99'), now),
  ];
  for (const signature of cases) {
    const response = await post(body, signature);
    expect(response.statusCode).toBe(401);
    expect(isErrorBody(response.json())).toBe(true);
  }
  expect(await countMessages()).toBe(before);
  expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(0);
});

describe('hostile FHIR', () => {
  const hostile: [string, () => string, number][] = [
    ['not JSON', () => '{"resourceType": "Bundle",', 400],
    ['another resource', () => JSON.stringify({ resourceType: 'Patient', id: 'x' }), 422],
    [
      'a collection, not a transaction',
      () => JSON.stringify({ ...bundle('ABCDEFGHJK1', 'H-1', [LDL]), type: 'collection' }),
      422,
    ],
    [
      'markup in a display',
      () =>
        JSON.stringify(
          bundle('ABCDEFGHJK1', 'H-2', [{ ...LDL, display: '<img src=x onerror=alert(1)>' }]),
        ),
      422,
    ],
    [
      'a value that is no number',
      () =>
        JSON.stringify(bundle('ABCDEFGHJK1', 'H-3', [LDL])).replace('"value":131', '"value":"131"'),
      422,
    ],
    [
      'no LOINC code',
      () => JSON.stringify(bundle('ABCDEFGHJK1', 'H-4', [{ ...LDL, loinc: 'LDL' }])),
      422,
    ],
    [
      'an unknown interpretation',
      () => JSON.stringify(bundle('ABCDEFGHJK1', 'H-5', [{ ...LDL, flag: 'ZZ' }])),
      422,
    ],
    [
      '600 observations',
      () =>
        JSON.stringify(
          bundle(
            'ABCDEFGHJK1',
            'H-6',
            Array.from({ length: 600 }, () => LDL),
          ),
        ),
      422,
    ],
    [
      'no Specimen',
      () =>
        JSON.stringify({
          ...bundle('ABCDEFGHJK1', 'H-7', [LDL]),
          entry: (bundle('ABCDEFGHJK1', 'H-7', [LDL]).entry as unknown[]).filter(
            (_e, i) => i !== 1,
          ),
        }),
      422,
    ],
    [
      'a 2 MB body',
      () =>
        JSON.stringify({
          ...bundle('ABCDEFGHJK1', 'H-8', [LDL]),
          padding: 'x'.repeat(2 * 1024 * 1024),
        }),
      413,
    ],
  ];

  it.each(hostile)(
    'answers %s with a 4xx in the error shape and stores nothing',
    async (_what, make, status) => {
      const before = await countMessages();
      const response = await post(make());
      expect(response.statusCode).toBe(status);
      expect(isErrorBody(response.json())).toBe(true);
      expect(await countMessages()).toBe(before);
    },
  );
});
