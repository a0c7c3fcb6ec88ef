// Mutated real-shaped reports (a fixed seed, so every run sends the same ones): a reader either
// reads them or refuses them with a ReportRefusedError, which the API answers with a 4xx. Any
// other error would be a 500 for a customer's file.
import { strToU8, zipSync } from 'fflate';
import { applyCsvMapping, readCsvTable } from '../../../../src/services/results/readers/csv-reader';
import { readFhirJson } from '../../../../src/services/results/readers/fhir-reader';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import {
  checkPdfSafety,
  suggestFromLines,
} from '../../../../src/services/results/readers/pdf-reader';
import { readZipArchive } from '../../../../src/services/results/readers/zip-reader';
import { fixtureText } from '../../../fixtures/results/fixtures';
import { objectStream, writePdf } from '../../../fixtures/results/pdf-writer';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  '"',
  ',',
  ';',
  '\t',
  '\n',
  '{',
  '}',
  '[',
  ']',
  ':',
  '-',
  '1',
  '.',
  'null',
  '\\',
  '<',
  'H',
  '\u0000',
  '\ud800',
  '-1e999',
];

function mutateText(text: string, next: () => number): string {
  const chars = [...text];
  for (let count = 1 + Math.floor(next() * 5); count > 0; count -= 1) {
    const at = Math.floor(next() * chars.length);
    const piece = PIECES[Math.floor(next() * PIECES.length)] ?? '';
    const operation = next();
    if (operation < 0.4) chars[at] = piece;
    else if (operation < 0.7) chars.splice(at, Math.floor(next() * 20));
    else chars.splice(at, 0, piece);
  }
  return chars.join('');
}

function mutateBytes(bytes: Uint8Array, next: () => number): Uint8Array {
  const copy = bytes.slice();
  for (let count = 1 + Math.floor(next() * 4); count > 0; count -= 1)
    copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
  return copy;
}

/** The error a reader threw that is not a refusal, or null. */
async function unexpected(read: () => unknown): Promise<unknown> {
  try {
    await read();
    return null;
  } catch (error) {
    return error instanceof ReportRefusedError ? null : error;
  }
}

const ROUNDS = 300;

describe('mutated reports', () => {
  it('FHIR JSON, alone and in an archive: read or refused', async () => {
    const next = random(1);
    const sources = [
      'us-core-lab-bundle.json',
      'diagnostic-report-contained.json',
      'observation-mmol.json',
    ].map(fixtureText);
    for (let round = 0; round < ROUNDS; round += 1) {
      const text = mutateText(sources[round % sources.length] ?? '', next);
      expect([text, await unexpected(() => readFhirJson(text))]).toEqual([text, null]);
      const archive = zipSync({ 'clinical-records/a.json': strToU8(text) });
      expect([text, await unexpected(() => readZipArchive(archive))]).toEqual([text, null]);
    }
  });

  it('CSV: split, suggested and applied, or refused', async () => {
    const next = random(2);
    const sources = [
      'semicolon-decimal-comma.csv',
      'quoted-fields.csv',
      'tabs-low-high-columns.csv',
    ].map(fixtureText);
    const everyColumn = {
      analyte: 0,
      value: 5,
      unit: 199,
      range: 3,
      low: 1,
      high: 2,
      flag: 4,
      date: 6,
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const text = mutateText(sources[round % sources.length] ?? '', next);
      const error = await unexpected(() => {
        const table = readCsvTable(text);
        if (table.suggested)
          applyCsvMapping(table, {
            mapping: table.suggested,
            hasHeader: table.hasHeader,
            collectedOn: '2026-01-01',
          });
        applyCsvMapping(table, { mapping: everyColumn, hasHeader: false, collectedOn: null });
        suggestFromLines(text.split('\n'));
      });
      expect([text, error]).toEqual([text, null]);
    }
  });

  it('zip and PDF bytes: checked and read, or refused', async () => {
    const next = random(3);
    const record = strToU8(
      JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'TSH' },
        valueQuantity: { value: 2 },
      }),
    );
    const archive = zipSync({
      'clinical-records/a.json': record,
      'clinical-records/b.json': record,
    });
    const pdf = writePdf([['TSH', '2.1']], { objects: [objectStream('<< /S /GoTo >>')] });
    for (let round = 0; round < ROUNDS; round += 1) {
      const zip = mutateBytes(archive, next);
      expect([round, await unexpected(() => readZipArchive(zip))]).toEqual([round, null]);
      const document = mutateBytes(pdf, next);
      expect([round, await unexpected(() => checkPdfSafety(document))]).toEqual([round, null]);
    }
  });
});
