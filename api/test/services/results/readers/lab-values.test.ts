import {
  parseFlag,
  parseLabDate,
  parseLabNumber,
  parseRange,
} from '../../../../src/services/results/readers/lab-values';

describe('parseLabNumber', () => {
  it('reads dot and comma decimals and grouped thousands', () => {
    expect(parseLabNumber('5.2')).toBe(5.2);
    expect(parseLabNumber('5,2', true)).toBe(5.2);
    expect(parseLabNumber('6,500')).toBe(6500);
    expect(parseLabNumber('1.234,5', true)).toBe(1234.5);
    expect(parseLabNumber('-0.4')).toBe(-0.4);
    expect(parseLabNumber(' 12 ')).toBe(12);
  });

  it('answers null for anything else', () => {
    for (const text of ['', 'negative', '<0.5', '5.2 H', '1,2,3', '12,50', '5.2.1'])
      expect(parseLabNumber(text)).toBeNull();
  });
});

describe('parseRange', () => {
  it('reads bounds and keeps the text', () => {
    expect(parseRange('4.0 - 5.6')).toEqual({ low: 4, high: 5.6, text: '4.0 - 5.6' });
    expect(parseRange('4,0–5,6', true)).toEqual({ low: 4, high: 5.6, text: '4,0–5,6' });
    expect(parseRange('<200')).toEqual({ low: null, high: 200, text: '<200' });
    expect(parseRange('>60 mL/min')).toEqual({ low: 60, high: null, text: '>60 mL/min' });
    expect(parseRange('≥ 40')).toEqual({ low: 40, high: null, text: '≥ 40' });
    expect(parseRange('(0.45 to 4.5)')).toEqual({ low: 0.45, high: 4.5, text: '(0.45 to 4.5)' });
    expect(parseRange('negative')).toEqual({ low: null, high: null, text: 'negative' });
    expect(parseRange('  ')).toBeNull();
  });
});

describe('parseFlag', () => {
  it('maps the flags labs print and the FHIR interpretation codes', () => {
    const cases: [string, string | null][] = [
      ['H', 'high'],
      ['L', 'low'],
      ['HH', 'critically-high'],
      ['LL', 'critically-low'],
      ['HU', 'high'],
      ['LU', 'low'],
      ['A', 'abnormal'],
      ['AA', 'abnormal'],
      ['*', 'abnormal'],
      ['N', 'normal'],
      ['High', 'high'],
      ['critical low', 'critically-low'],
      ['', null],
      ['-', null],
      ['see note', null],
    ];
    for (const [text, flag] of cases) expect([text, parseFlag(text)]).toEqual([text, flag]);
  });
});

describe('parseLabDate', () => {
  it('reads the ways labs write dates', () => {
    expect(parseLabDate('2026-03-14', false)).toBe('2026-03-14T00:00:00.000Z');
    expect(parseLabDate('2026-03-14 08:30', false)).toBe('2026-03-14T08:30:00.000Z');
    expect(parseLabDate('14.03.2026', false)).toBe('2026-03-14T00:00:00.000Z');
    expect(parseLabDate('03/04/2026', false)).toBe('2026-03-04T00:00:00.000Z');
    expect(parseLabDate('03/04/2026', true)).toBe('2026-04-03T00:00:00.000Z');
    expect(parseLabDate('14/03/2026', false)).toBe('2026-03-14T00:00:00.000Z');
    expect(parseLabDate('14 Mar 2026', false)).toBe('2026-03-14T00:00:00.000Z');
    expect(parseLabDate('March 3, 2026', false)).toBe('2026-03-03T00:00:00.000Z');
    expect(parseLabDate('2026-02-30', false)).toBeNull();
    expect(parseLabDate('soon', false)).toBeNull();
  });
});
