import {
  assertCents,
  centsFromDb,
  formatCents,
  multiplyCents,
  percentOfCents,
  subtractCentsFloor,
  sumCents,
} from '../../src/lib/money';
import { centsSchema } from '@shop/shared/contract/common';

describe('money is integer cents', () => {
  it('accepts whole, non-negative cents and refuses everything else', () => {
    expect(assertCents(0)).toBe(0);
    expect(assertCents(14900)).toBe(14900);
    for (const bad of [1.5, -1, Number.NaN, Infinity, '100', null, 100_000_001]) {
      expect(() => assertCents(bad)).toThrow(RangeError);
    }
  });

  it('reads driver values: numbers from PGlite, digit strings and bigints from pg', () => {
    expect(centsFromDb(9900)).toBe(9900);
    expect(centsFromDb('9900')).toBe(9900);
    expect(centsFromDb(BigInt(9900))).toBe(9900);
    expect(() => centsFromDb('99.00')).toThrow(RangeError);
  });

  it('adds, multiplies and takes percentages without floating-point drift', () => {
    expect(sumCents([10, 20, 70])).toBe(100);
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(() => multiplyCents(1999, 1.5)).toThrow(RangeError);
    expect(percentOfCents(14900, 10)).toBe(1490);
    expect(percentOfCents(999, 15)).toBe(150);
    expect(subtractCentsFloor(1000, 2500)).toBe(0);
  });

  it('formats like the shop: whole dollars bare, otherwise two decimals', () => {
    expect(formatCents(9900)).toBe('$99');
    expect(formatCents(9950)).toBe('$99.50');
    expect(formatCents(5, 'cad')).toBe('CA$0.05');
  });

  it('the contract refuses non-cent amounts on the wire', () => {
    expect(centsSchema.safeParse(99.5).success).toBe(false);
    expect(centsSchema.safeParse(-100).success).toBe(false);
    expect(centsSchema.safeParse(9950).success).toBe(true);
  });
});
