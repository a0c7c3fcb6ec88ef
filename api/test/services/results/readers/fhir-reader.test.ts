import { matchBiomarker } from '@shop/shared/results/units';
import {
  isFhirReport,
  MAX_OBSERVATIONS,
  readFhirJson,
  readFhirResource,
} from '../../../../src/services/results/readers/fhir-reader';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import { deeplyNestedJson, fixtureText, largeLabBundle } from '../../../fixtures/results/fixtures';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof ReportRefusedError) return error;
    throw error;
  }
  throw new Error('expected the report to be refused');
};

describe('readFhirJson', () => {
  it('reads a US Core lab bundle: quantities, ranges, interpretations, text values and dates', () => {
    const { readings, problems } = readFhirJson(fixtureText('us-core-lab-bundle.json'));
    expect(readings.map((reading) => reading.name)).toEqual([
      'LDL Cholesterol, Direct',
      'HDL Cholesterol',
      'Cholesterol [Mass/volume] in Serum or Plasma',
      'Triglycerides',
      'Hemoglobin A1c',
      'Hepatitis C virus Ab [Presence] in Serum',
    ]);
    expect(problems).toEqual([]);
    const [ldl, hdl, cholesterol, triglycerides, a1c, hcv] = readings;
    expect(ldl).toEqual({
      name: 'LDL Cholesterol, Direct',
      loinc: '18262-6',
      value: 162,
      valueText: null,
      unit: 'mg/dL',
      range: { low: null, high: 100, text: '<100 mg/dL' },
      flag: 'high',
      collectedAt: '2026-03-03T13:15:00.000Z',
    });
    expect(hdl).toMatchObject({ loinc: '2085-9', value: 38, flag: 'low' });
    expect(hdl?.range).toEqual({ low: 40, high: null, text: null });
    // No date of its own: the DiagnosticReport that lists it gives its date.
    expect(cholesterol).toMatchObject({
      value: 231,
      flag: null,
      collectedAt: '2026-03-03T13:15:00.000Z',
    });
    expect(triglycerides?.flag).toBe('normal');
    // effectivePeriod gives its start; HU (significantly high) is high.
    expect(a1c).toMatchObject({
      value: 5.9,
      unit: '%',
      flag: 'high',
      collectedAt: '2026-03-03T13:15:00.000Z',
    });
    expect(a1c?.range).toEqual({ low: 4, high: 5.6, text: null });
    // A coded value is a text; `issued` dates it when nothing else does.
    expect(hcv).toMatchObject({
      value: null,
      valueText: 'Negative',
      unit: null,
      range: { low: null, high: null, text: 'Negative' },
      collectedAt: '2026-03-04T15:02:11.000Z',
    });
    expect(readings.map((reading) => matchBiomarker(reading)?.key ?? null)).toEqual([
      'ldl-cholesterol',
      'hdl-cholesterol',
      'total-cholesterol',
      'triglycerides',
      'hba1c',
      null,
    ]);
  });

  it('reads a DiagnosticReport with contained Observations, dated by the report', () => {
    const { readings, problems } = readFhirJson(fixtureText('diagnostic-report-contained.json'));
    expect(readings).toEqual([
      {
        name: 'TSH',
        loinc: '3016-3',
        value: 2.31,
        valueText: null,
        unit: 'mIU/L',
        range: { low: 0.45, high: 4.5, text: null },
        flag: null,
        collectedAt: '2025-12-01T00:00:00.000Z',
      },
      expect.objectContaining({
        name: 'LDL-C (calc)',
        value: 3.4,
        unit: 'mmol/L',
        flag: 'abnormal',
      }),
    ]);
    expect(problems).toEqual([
      {
        where: 'DiagnosticReport/thyroid-and-lipids',
        message: 'It lists Observation/not-sent, which is not in the file.',
      },
    ]);
  });

  it.each([
    [
      'keeps a reference range given only as text',
      'observation-range-text-only.json',
      {
        name: 'Vitamin D, 25-Hydroxy',
        value: 24,
        range: { low: null, high: null, text: '30-100 ng/mL (sufficiency)' },
        flag: null,
      },
    ],
    [
      'reads the flag from an interpretation without a range',
      'observation-interpretation-only.json',
      {
        name: 'Potassium [Moles/volume] in Serum or Plasma',
        value: 6.9,
        range: null,
        flag: 'critically-high',
        collectedAt: '2026-02-10T00:00:00.000Z',
      },
    ],
    [
      'keeps a value in mmol/L as written, for the page to convert',
      'observation-mmol.json',
      {
        loinc: '14749-6',
        value: 6.3,
        unit: 'mmol/L',
        range: { low: 3.9, high: 5.5, text: '3.9 - 5.5' },
        collectedAt: '2026-02-10T06:05:00.000Z',
      },
    ],
  ])('%s', (_title, fixture, expected) => {
    const { readings } = readFhirJson(fixtureText(fixture));
    expect(readings).toEqual([expect.objectContaining(expected)]);
  });

  it('reads a comparator, a DSTU2-style single interpretation, a numeric string and components, past an entry without a resource', () => {
    const { readings, problems } = readFhirResource({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { text: 'hs-CRP' },
            effectiveDateTime: '2026-01',
            valueQuantity: { value: 0.3, comparator: '<', unit: 'mg/L' },
            interpretation: { coding: [{ code: 'N' }] },
          },
        },
        {
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { text: 'Ferritin' },
            valueString: '48.5',
          },
        },
        {
          resource: {
            resourceType: 'Observation',
            id: 'bp',
            status: 'final',
            code: { text: 'Blood pressure' },
            component: [
              { code: { text: 'Systolic' }, valueQuantity: { value: 128, unit: 'mm[Hg]' } },
              { code: { text: 'Diastolic' }, valueQuantity: { value: 82, unit: 'mm[Hg]' } },
            ],
          },
        },
        {
          resource: {
            resourceType: 'Observation',
            id: 'empty',
            status: 'final',
            code: { text: 'B12' },
          },
        },
        // A history bundle's deleted entry has a request and response but no resource.
        { request: { method: 'DELETE', url: 'Observation/old' }, response: { status: '204' } },
      ],
    });
    expect(readings).toEqual([
      expect.objectContaining({
        value: null,
        valueText: '<0.3',
        flag: 'normal',
        collectedAt: '2026-01-01T00:00:00.000Z',
      }),
      expect.objectContaining({ value: 48.5, valueText: null, collectedAt: null }),
      expect.objectContaining({ name: 'Systolic', value: 128 }),
      expect.objectContaining({ name: 'Diastolic', value: 82 }),
    ]);
    expect(problems).toEqual([{ where: 'Observation/empty', message: '"B12" has no value.' }]);
  });

  it('refuses a file that is not valid R4 structure, naming what was wrong and what was expected', () => {
    const bad = refusal(() =>
      readFhirResource({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'LDL' },
              valueQuantity: { value: '162' },
            },
          },
        ],
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.message).toMatch(
      /^This FHIR file is not valid R4 \(entry\.0\.resource\.valueQuantity\.value: .*\)/,
    );
    expect(bad.message).toContain('Expected a FHIR R4 JSON lab report');
    expect(refusal(() => readFhirResource({ resourceType: 'Patient', id: 'x' })).message).toContain(
      'This FHIR file is a Patient.',
    );
    expect(refusal(() => readFhirResource([1, 2])).status).toBe(422);
    expect(refusal(() => readFhirJson('{"resourceType": "Observation",')).message).toContain(
      'not valid JSON',
    );
  });

  it('refuses hostile nesting before parsing and more observations than a report has', () => {
    expect(refusal(() => readFhirJson(deeplyNestedJson(100_000))).status).toBe(422);
    const huge = largeLabBundle(MAX_OBSERVATIONS + 1);
    const tooMany = refusal(() => readFhirResource(huge));
    expect(tooMany.status).toBe(413);
    expect(tooMany.message).toContain('more than 20,000 results');
  });

  it('reads a 2,000-observation bundle whole', () => {
    const { readings, problems } = readFhirJson(JSON.stringify(largeLabBundle(2_000)));
    expect(readings).toHaveLength(2_000);
    expect(problems).toEqual([]);
  });

  it('tells a FHIR report from other JSON', () => {
    expect(isFhirReport({ resourceType: 'Bundle' })).toBe(true);
    expect(isFhirReport({ resourceType: 'Patient' })).toBe(false);
    expect(isFhirReport({ name: 'x' })).toBe(false);
    expect(isFhirReport(null)).toBe(false);
  });
});
