import {
  checkPdfSafety,
  readPdfDocument,
  suggestFromLines,
} from '../../../../src/services/results/readers/pdf-reader';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import { objectStream, writePdf } from '../../../fixtures/results/pdf-writer';

const LAB_REPORT = [
  ['Acme Clinical Laboratories', 'Patient: Jane Doe'],
  ['Date of birth: 07/02/1984'],
  ['Collected: 03/03/2026 08:15', 'Reported: 03/04/2026'],
  ['Test', 'Result', 'Flag', 'Units', 'Reference interval'],
  ['LDL Cholesterol Calc', '162', 'H', 'mg/dL', '0 - 99'],
  ['HDL Cholesterol', '38', 'L', 'mg/dL', '>39'],
  ['Triglycerides', '148', '', 'mg/dL', '0-149'],
  ['Hemoglobin A1c', '5.9', 'H', '%', '4.8 - 5.6'],
  ['TSH', '2.310', '', 'uIU/mL', '0.450 - 4.500'],
  ['Vitamin D, 25-Hydroxy', '24.1', 'L', 'ng/mL', '30.0 - 100.0'],
  ['Comment: LDL target for this patient is below 70 mg/dL'],
];

describe('readPdfDocument', () => {
  it("suggests each biomarker's value, unit, range and flag from a text PDF, and its collection date", async () => {
    const draft = await readPdfDocument(writePdf(LAB_REPORT));
    expect(draft.hasText).toBe(true);
    expect(draft.suggestedCollectedOn).toBe('2026-03-03');
    expect(draft.suggestions).toEqual([
      {
        name: 'LDL Cholesterol Calc',
        biomarkerKey: 'ldl-cholesterol',
        value: '162',
        unit: 'mg/dL',
        low: 0,
        high: 99,
        rangeText: '0 - 99',
        flag: 'high',
      },
      expect.objectContaining({
        biomarkerKey: 'hdl-cholesterol',
        value: '38',
        flag: 'low',
        low: 39,
        high: null,
      }),
      expect.objectContaining({
        biomarkerKey: 'triglycerides',
        value: '148',
        flag: null,
        high: 149,
      }),
      expect.objectContaining({
        biomarkerKey: 'hba1c',
        value: '5.9',
        unit: '%',
        low: 4.8,
        high: 5.6,
      }),
      expect.objectContaining({
        biomarkerKey: 'tsh',
        value: '2.310',
        unit: 'uIU/mL',
        low: 0.45,
        high: 4.5,
      }),
      expect.objectContaining({
        name: 'Vitamin D, 25-Hydroxy',
        biomarkerKey: 'vitamin-d',
        value: '24.1',
        flag: 'low',
      }),
    ]);
  });

  it('gives no suggestions and no text for a PDF without text, and for one it cannot open', async () => {
    expect(await readPdfDocument(writePdf([]))).toEqual({
      kind: 'document',
      suggestions: [],
      suggestedCollectedOn: null,
      hasText: false,
    });
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF\n%%EOF');
    expect((await readPdfDocument(damaged)).suggestions).toEqual([]);
  });
});

describe('suggestFromLines', () => {
  it('reads decimal commas, a "<" value and a German collection date', () => {
    const draft = suggestFromLines([
      'Entnahme: 14.03.2026',
      'Glucose 5,4 mmol/l 3,9 - 5,5',
      'hs-CRP <0.3 mg/L <5.0',
      'Glucose 99 mg/dL',
    ]);
    expect(draft.suggestedCollectedOn).toBe('2026-03-14');
    expect(draft.suggestions).toEqual([
      expect.objectContaining({
        biomarkerKey: 'glucose',
        value: '5,4',
        unit: 'mmol/l',
        low: 3.9,
        high: 5.5,
      }),
      expect.objectContaining({ biomarkerKey: 'hs-crp', value: '<0.3', high: 5 }),
    ]);
  });
});

describe('checkPdfSafety', () => {
  const refused = (bytes: Uint8Array) => {
    try {
      checkPdfSafety(bytes);
      return null;
    } catch (error) {
      if (!(error instanceof ReportRefusedError)) throw error;
      return error;
    }
  };

  it('lets a plain report through', () => {
    expect(refused(writePdf(LAB_REPORT))).toBeNull();
  });

  it.each([
    [
      'JavaScript in an open action',
      { catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' },
    ],
    ['a name spelled in hex', { catalog: '/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>' }],
    ['a launch action', { catalog: '/OpenAction << /S /Launch /F (calc.exe) >>' }],
    ['an attached file', { catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >>' }],
    [
      'JavaScript inside a compressed object stream',
      { objects: [objectStream('<< /S /JavaScript /JS (app.alert(1)) >>')] },
    ],
  ])('refuses %s with 422, saying what is accepted', (_name, options) => {
    const error = refused(writePdf(LAB_REPORT, options));
    expect(error?.status).toBe(422);
    expect(error?.message).toContain('PDFs with scripts or attachments are not accepted');
  });

  it('refuses an object stream that expands past the budget for inflating', () => {
    const pdf = writePdf(LAB_REPORT, { objects: [objectStream(' '.repeat(2 * 1024 * 1024))] });
    expect(refused(pdf)).toBeNull();
    let error: unknown = null;
    try {
      checkPdfSafety(pdf, 1024 * 1024);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ReportRefusedError);
    expect((error as ReportRefusedError).message).toContain('expands to far more');
  });

  it('refuses before pdf.js opens the file', async () => {
    await expect(
      readPdfDocument(
        writePdf(LAB_REPORT, { catalog: '/AA << /O << /S /JavaScript /JS (x) >> >>' }),
      ),
    ).rejects.toThrow(ReportRefusedError);
  });
});
