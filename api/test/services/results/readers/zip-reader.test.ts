import { strToU8, zipSync, type Zippable } from 'fflate';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import {
  checkZipLimits,
  readZipArchive,
  ZIP_LIMITS,
} from '../../../../src/services/results/readers/zip-reader';

const json = (value: unknown) => strToU8(JSON.stringify(value));

// Apple Health writes each clinical record as its own FHIR resource under clinical-records/.
function appleHealthExport(): Uint8Array {
  const files: Zippable = {
    'apple_health_export/export.xml': strToU8('<?xml version="1.0"?><HealthData locale="en_US"/>'),
    'apple_health_export/clinical-records/Observation-7F3A.json': json({
      resourceType: 'Observation',
      id: '7F3A',
      status: 'final',
      category: {
        coding: [{ system: 'http://hl7.org/fhir/observation-category', code: 'laboratory' }],
      },
      code: {
        coding: [{ system: 'http://loinc.org', code: '2093-3', display: 'Cholesterol' }],
        text: 'CHOLESTEROL',
      },
      valueQuantity: { value: 5.1, unit: 'mmol/L' },
      interpretation: {
        coding: [{ system: 'http://hl7.org/fhir/v2/0078', code: 'H' }],
        text: 'High',
      },
      referenceRange: [{ high: { value: 5, unit: 'mmol/L' } }],
    }),
    'apple_health_export/clinical-records/Observation-81C2.json': json({
      resourceType: 'Observation',
      id: '81C2',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '4548-4' }], text: 'HEMOGLOBIN A1C' },
      effectiveDateTime: '2025-11-20T09:12:00Z',
      valueQuantity: { value: 5.5, unit: '%' },
    }),
    'apple_health_export/clinical-records/DiagnosticReport-12AB.json': json({
      resourceType: 'DiagnosticReport',
      id: '12AB',
      status: 'final',
      code: { text: 'LIPID PANEL' },
      effectiveDateTime: '2025-11-20T09:10:00Z',
      result: [{ reference: 'Observation/7F3A' }, { reference: 'Observation/81C2' }],
    }),
    'apple_health_export/clinical-records/Condition-99.json': json({
      resourceType: 'Condition',
      id: '99',
      code: { text: 'Seasonal allergies' },
    }),
    'apple_health_export/clinical-records/Observation-BAD.json': json({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'LDL' },
      valueQuantity: { value: 'three' },
    }),
    'apple_health_export/clinical-records/Observation-CUT.json': strToU8('{"resourceType":"Obs'),
  };
  return zipSync(files);
}

const refusal = async (read: () => Promise<unknown> | unknown) => {
  try {
    await read();
  } catch (error) {
    if (error instanceof ReportRefusedError) return error;
    throw error;
  }
  throw new Error('expected the archive to be refused');
};

/** Rewrites what the central directory declares about the first entry, as a forger would. */
function forgeFirstEntry(bytes: Uint8Array, sizes: { compressed?: number; size: number }) {
  const forged = bytes.slice();
  const view = new DataView(forged.buffer);
  for (let at = 0; at < forged.length - 4; at += 1)
    if (view.getUint32(at, true) === 0x02014b50) {
      if (sizes.compressed !== undefined) view.setUint32(at + 20, sizes.compressed, true);
      view.setUint32(at + 24, sizes.size, true);
      return forged;
    }
  throw new Error('no central directory entry');
}

describe('readZipArchive', () => {
  it("reads an Apple Health export's clinical records across files, reporting the broken ones", async () => {
    const progress: number[] = [];
    const { readings, problems } = await readZipArchive(appleHealthExport(), {
      onProgress: (percent) => {
        progress.push(percent);
      },
    });
    expect(readings).toEqual([
      {
        name: 'CHOLESTEROL',
        loinc: '2093-3',
        value: 5.1,
        valueText: null,
        unit: 'mmol/L',
        range: { low: null, high: 5, text: null },
        flag: 'high',
        // Its own record has no date: the report that lists it, in another file, gives it.
        collectedAt: '2025-11-20T09:10:00.000Z',
      },
      expect.objectContaining({
        name: 'HEMOGLOBIN A1C',
        value: 5.5,
        collectedAt: '2025-11-20T09:12:00.000Z',
      }),
    ]);
    expect(problems.map((problem) => problem.where)).toEqual([
      'apple_health_export/clinical-records/Observation-CUT.json',
      'apple_health_export/clinical-records/Observation-BAD.json',
    ]);
    expect(problems[1]?.message).toContain('valueQuantity.value');
    expect(progress.at(-1)).toBe(100);
    expect(progress).toHaveLength(6);
  });

  it('reports a damaged record and reads the rest', async () => {
    const good = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'TSH' },
      effectiveDateTime: '2026-01-05',
      valueQuantity: { value: 2.2, unit: 'mIU/L' },
    };
    const archive = zipSync({
      'clinical-records/a.json': json(good),
      'clinical-records/b.json': strToU8(JSON.stringify(good).repeat(40)),
    });
    // Overwrite the second entry's deflate data: 0xff starts a block of a type that does not exist.
    const damaged = archive.slice();
    const second = checkZipLimits(archive)[1]!;
    const header = new DataView(archive.buffer, second.localHeaderOffset);
    const dataStart =
      second.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
    damaged.fill(0xff, dataStart, dataStart + second.compressedSize);
    const { readings, problems } = await readZipArchive(damaged);
    expect(readings).toEqual([expect.objectContaining({ name: 'TSH', value: 2.2 })]);
    expect(problems).toEqual([
      { where: 'clinical-records/b.json', message: 'This file in the archive is damaged.' },
    ]);
  });

  it('refuses an archive with no lab results, saying what was expected', async () => {
    const error = await refusal(() => readZipArchive(zipSync({ 'notes.txt': strToU8('hello') })));
    expect(error.status).toBe(422);
    expect(error.message).toContain('Apple Health export');
  });

  it('refuses a file that is not a zip', async () => {
    expect(
      (await refusal(() => readZipArchive(strToU8('PK\u0003\u0004 but nothing else')))).status,
    ).toBe(422);
  });
});

describe('checkZipLimits', () => {
  it('refuses an entry that expands more than 100 times (a zip bomb) before inflating it', async () => {
    const bomb = zipSync(
      { 'clinical-records/Observation-1.json': new Uint8Array(2_000_000) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(20_000);
    const error = await refusal(() => readZipArchive(bomb));
    expect(error.status).toBe(422);
    expect(error.message).toContain('expands to far more');
  });

  it('refuses more than 2,000 entries', async () => {
    const files: Zippable = {};
    for (let index = 0; index <= ZIP_LIMITS.maxEntries; index += 1)
      files[`r/${index}.json`] = strToU8('{}');
    expect((await refusal(() => checkZipLimits(zipSync(files)))).message).toContain(
      'more than 2000 files',
    );
  });

  it('refuses more than 50 MB in total as the directory declares it', async () => {
    const small = zipSync({ 'a.json': strToU8('{}') }, { level: 0 });
    const declared = forgeFirstEntry(small, { compressed: 1_000_000, size: 51 * 1024 * 1024 });
    expect((await refusal(() => checkZipLimits(declared))).message).toContain(
      'expands to far more',
    );
    expect(checkZipLimits(small)).toHaveLength(1);
  });

  it('stops inflating an entry at the size it declared', async () => {
    const content = strToU8(`{"resourceType":"Observation","note":"${'a'.repeat(50_000)}"}`);
    const lying = forgeFirstEntry(zipSync({ 'clinical-records/x.json': content }, { level: 9 }), {
      size: 20,
    });
    const error = await refusal(() => readZipArchive(lying));
    expect(error.message).toContain('expands to far more');
  });
});
