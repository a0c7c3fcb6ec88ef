import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [9900, '$99'],
    [9950, '$99.50'],
    [9905, '$99.05'],
    [0, '$0'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1'],
    [123456, '$1,234.56'],
    [10000000, '$100,000'],
  ])('shows %i cents as %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it('shows negative amounts with a leading minus', () => {
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(-9900)).toBe('-$99');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('$0');
  });

  it('accepts the currency code in any case', () => {
    expect(formatMoney(9950, 'USD')).toBe('$99.50');
    expect(formatMoney(9950, ' usd ')).toBe('$99.50');
  });

  it('marks Canadian dollars as CA$ so they cannot be mistaken for US dollars', () => {
    expect(formatMoney(9900, 'cad')).toBe('CA$99');
    expect(formatMoney(9950, 'CAD')).toBe('CA$99.50');
    expect(formatMoney(-9950, 'cad')).toBe('-CA$99.50');
  });

  it('rejects fractional or non-finite cents', () => {
    expect(() => formatMoney(99.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('rejects an unknown currency code', () => {
    expect(() => formatMoney(100, 'dollars')).toThrow(RangeError);
  });
});
