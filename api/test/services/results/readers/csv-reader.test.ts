import {
  applyCsvMapping,
  csvDraft,
  readCsvTable,
} from '../../../../src/services/results/readers/csv-reader';
import { ReportRefusedError } from '../../../../src/services/results/readers/parsed-reading';
import { fixtureText } from '../../../fixtures/results/fixtures';

describe('readCsvTable', () => {
  it('reads a semicolon export with a byte order mark, a preamble and decimal commas', () => {
    const table = readCsvTable(fixtureText('semicolon-decimal-comma.csv'));
    expect(table).toMatchObject({ delimiter: ';', decimalComma: true, hasHeader: true });
    expect(table.rows[0]).toEqual([
      'Untersuchung',
      'Ergebnis',
      'Einheit',
      'Referenzbereich',
      'Datum',
    ]);
    expect(table.lines[0]).toBe(5);
    expect(table.suggested).toEqual({
      analyte: 0,
      value: 1,
      unit: 2,
      range: 3,
      low: null,
      high: null,
      flag: null,
      date: 4,
    });
    const { readings, problems } = applyCsvMapping(table, {
      mapping: table.suggested!,
      hasHeader: true,
      collectedOn: null,
    });
    expect(readings[0]).toEqual({
      name: 'Cholesterin gesamt',
      loinc: null,
      value: 6.1,
      valueText: null,
      unit: 'mmol/l',
      range: { low: 3.6, high: 5.2, text: '3,6 - 5,2' },
      flag: null,
      collectedAt: '2026-03-14T00:00:00.000Z',
    });
    expect(readings[1]?.range).toEqual({ low: null, high: 3, text: '< 3,0' });
    expect(readings[2]?.range).toEqual({ low: 1, high: null, text: '> 1,0' });
    expect(readings.find((reading) => reading.name === 'Kreatinin')?.unit).toBe('µmol/l');
    // The empty TSH value is reported with the file's line number, never silently dropped.
    expect(problems).toEqual([{ where: 'row 12', message: '"TSH" has no value.' }]);
  });

  it('reads quoted cells holding commas and quotes, flags and US dates', () => {
    const table = readCsvTable(fixtureText('quoted-fields.csv'));
    expect(table).toMatchObject({ delimiter: ',', decimalComma: false, hasHeader: true });
    expect(table.suggested).toEqual({
      analyte: 0,
      value: 1,
      unit: 3,
      range: 4,
      low: null,
      high: null,
      flag: 2,
      date: 5,
    });
    const { readings, problems } = applyCsvMapping(table, {
      mapping: table.suggested!,
      hasHeader: true,
      collectedOn: null,
    });
    expect(readings[0]).toMatchObject({
      name: 'Cholesterol, Total',
      value: 231,
      flag: 'high',
      range: { low: 100, high: 199, text: '100-199' },
      collectedAt: '2026-03-03T00:00:00.000Z',
    });
    expect(readings.find((reading) => reading.name === 'eGFR')?.range?.text).toBe('<59 "low"');
    // A comma groups thousands in a dot-decimal file.
    expect(readings.find((reading) => reading.name === 'WBC')).toMatchObject({
      value: 6500,
      range: { low: 3400, high: 10800 },
    });
    expect(problems).toEqual([
      { where: 'row 11', message: '"Comment: fasting sample, 12 h" has no value.' },
    ]);
  });

  it('reads a tab-separated file with low and high columns and a text value', () => {
    const table = readCsvTable(fixtureText('tabs-low-high-columns.csv'));
    expect(table.delimiter).toBe('\t');
    expect(table.suggested).toMatchObject({
      analyte: 0,
      value: 1,
      unit: 2,
      low: 3,
      high: 4,
      flag: 5,
      date: 6,
      range: null,
    });
    const { readings, problems } = applyCsvMapping(table, {
      mapping: table.suggested!,
      hasHeader: true,
      collectedOn: null,
    });
    expect(problems).toEqual([]);
    expect(
      readings.map((reading) => [reading.name, reading.value ?? reading.valueText, reading.flag]),
    ).toEqual([
      ['Ferritin', 12, 'low'],
      ['TSH', 2.1, null],
      ['hs-CRP', 3.4, 'high'],
      ['Potassium', 6.8, 'critically-high'],
      ['HCV Ab', 'Negative', null],
    ]);
    expect(readings[2]?.range).toEqual({ low: null, high: 3, text: null });
  });

  it('suggests columns from the cells when there is no header, and takes the typed date', () => {
    const table = readCsvTable(fixtureText('no-header.csv'));
    expect(table.hasHeader).toBe(false);
    expect(table.suggested).toMatchObject({ analyte: 0, unit: 2, range: 3, date: null });
    const value = table.suggested?.value;
    expect(value).toBe(1);
    const { readings } = applyCsvMapping(table, {
      mapping: table.suggested!,
      hasHeader: false,
      collectedOn: '2026-04-02',
    });
    expect(readings[0]).toMatchObject({
      name: 'LDL',
      value: 3.9,
      flag: 'high',
      unit: 'mmol/L',
      range: { high: 3 },
      collectedAt: '2026-04-02T00:00:00.000Z',
    });
    expect(readings).toHaveLength(4);
  });

  it('reports every row without a date when none is given', () => {
    const table = readCsvTable(fixtureText('no-header.csv'));
    const { readings, problems } = applyCsvMapping(table, {
      mapping: table.suggested!,
      hasHeader: false,
      collectedOn: null,
    });
    expect(readings).toEqual([]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toEqual({ where: 'row 1', message: 'It has no collection date.' });
  });

  it('offers the first rows for the customer to confirm', () => {
    const draft = csvDraft(readCsvTable(fixtureText('quoted-fields.csv')));
    expect(draft.kind).toBe('csv');
    expect(draft.rows).toHaveLength(10);
    expect(draft.rowCount).toBe(10);
    expect(draft.hasHeader).toBe(true);
  });

  it('cuts the draft at the columns a mapping can name and the length a cell may have', () => {
    const wide = Array.from({ length: 300 }, (_, index) => `c${index}`).join(',');
    const long = `"${'x'.repeat(800)}",5.2`;
    const draft = csvDraft(readCsvTable(`${wide}\n${long}\n`));
    expect(draft.rows[0]).toHaveLength(200);
    expect(draft.rows[1]?.[0]).toHaveLength(500);
  });

  it('refuses a file with no table in it', () => {
    expect(() => readCsvTable('just one line of text\nand another')).toThrow(ReportRefusedError);
  });
});
