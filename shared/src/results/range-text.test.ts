import { rangeFromText } from './range-text';

describe('a reference range given as text', () => {
  it('gives its bounds and unit where the numbers are clear', () => {
    expect(rangeFromText('3.9–5.5 mmol/L fasting')).toEqual({
      low: 3.9,
      high: 5.5,
      unit: 'mmol/L',
    });
    expect(rangeFromText('70-99')).toEqual({ low: 70, high: 99, unit: null });
    expect(rangeFromText('70 to 99 mg/dL')).toEqual({ low: 70, high: 99, unit: 'mg/dL' });
    expect(rangeFromText('<5.2')).toEqual({ low: null, high: 5.2, unit: null });
    expect(rangeFromText('≤ 200 mg/dL (desirable)')).toEqual({
      low: null,
      high: 200,
      unit: 'mg/dL',
    });
    expect(rangeFromText('>40')).toEqual({ low: 40, high: null, unit: null });
    expect(rangeFromText('4.0 - 5.6 %')).toEqual({ low: 4, high: 5.6, unit: '%' });
  });

  it('gives nothing where they are not', () => {
    expect(rangeFromText('negative')).toBeNull();
    expect(rangeFromText('see note')).toBeNull();
    expect(rangeFromText('1,000-2,000')).toBeNull();
    expect(rangeFromText('10 - 5')).toBeNull();
  });
});
