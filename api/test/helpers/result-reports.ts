// Real-shaped lab reports built in the test: FHIR R4 Observations in a Bundle, a CSV and PDFs.
import { zipSync } from 'fflate';
import { simpleTextPdf } from '../../src/services/results/simple-pdf';

export interface LabValue {
  name: string;
  loinc: string | null;
  value: number;
  unit: string;
  low?: number;
  high?: number;
  /** The range as the lab wrote it in words ("3.9–5.5 mmol/L fasting"). */
  rangeText?: string;
  flag?: 'H' | 'L' | 'HH' | 'LL' | 'N';
  date: string;
}

export function observation(value: LabValue): Record<string, unknown> {
  return {
    resourceType: 'Observation',
    status: 'final',
    code: {
      ...(value.loinc ? { coding: [{ system: 'http://loinc.org', code: value.loinc }] } : {}),
      text: value.name,
    },
    effectiveDateTime: value.date,
    valueQuantity: {
      value: value.value,
      unit: value.unit,
      system: 'http://unitsofmeasure.org',
      code: value.unit,
    },
    referenceRange: [
      {
        ...(value.low !== undefined ? { low: { value: value.low, unit: value.unit } } : {}),
        ...(value.high !== undefined ? { high: { value: value.high, unit: value.unit } } : {}),
        ...(value.rangeText !== undefined ? { text: value.rangeText } : {}),
      },
    ],
    ...(value.flag
      ? {
          interpretation: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
                  code: value.flag,
                },
              ],
            },
          ],
        }
      : {}),
  };
}

export function fhirBundle(values: readonly LabValue[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      resourceType: 'Bundle',
      type: 'collection',
      entry: values.map((value) => ({ resource: observation(value) })),
    }),
  );
}

/** A bundle of `count` observations (cycling through a few analytes), for size and speed. */
export function bigBundle(count: number, date = '2026-01-15T08:00:00Z'): Buffer {
  const analytes: LabValue[] = [
    { name: 'LDL cholesterol', loinc: '13457-7', value: 131, unit: 'mg/dL', high: 100, date },
    { name: 'Glucose', loinc: '2345-7', value: 92, unit: 'mg/dL', low: 70, high: 99, date },
    { name: 'Sodium', loinc: '2951-2', value: 140, unit: 'mmol/L', low: 135, high: 145, date },
  ];
  return fhirBundle(
    Array.from({ length: count }, (_, index) => analytes[index % analytes.length] as LabValue),
  );
}

/** A zip whose one entry inflates to `bytes` zeros: a tiny file that claims a huge one. */
export function zipBomb(bytes = 60 * 1024 * 1024): Buffer {
  return Buffer.from(zipSync({ 'clinical-records/a.json': new Uint8Array(bytes) }, { level: 9 }));
}

/** A one-page PDF whose text is `lines`: the same writer the demo's printed report uses. */
export const textPdf = simpleTextPdf;
