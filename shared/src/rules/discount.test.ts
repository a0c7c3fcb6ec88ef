import { discountAmount } from './discount';

describe('discountAmount', () => {
  describe('percent', () => {
    it.each([
      [10000, 10, 1000],
      [9900, 25, 2475],
      [1999, 15, 300], // 299.85 rounds up
      [1999, 10, 200], // 199.9 rounds up
      [1234, 10, 123], // 123.4 rounds down
      [1010, 5, 51], // exactly 50.5 rounds half up
      [1030, 5, 52], // 51.5 rounds half up
      [9900, 12.5, 1238], // 1237.5 rounds half up
      [9900, 100, 9900],
      [9900, 0, 0],
    ])('takes from %i cents at %p%% -> %i cents', (subtotal, percentOff, expected) => {
      expect(discountAmount(subtotal, { kind: 'percent', percentOff })).toBe(expected);
    });

    it('caps a percent over 100 at the subtotal', () => {
      expect(discountAmount(9900, { kind: 'percent', percentOff: 150 })).toBe(9900);
    });

    it('never goes negative for a negative percent', () => {
      expect(discountAmount(9900, { kind: 'percent', percentOff: -20 })).toBe(0);
    });
  });

  describe('amount', () => {
    it('takes the fixed amount off', () => {
      expect(discountAmount(9900, { kind: 'amount', amountOffCents: 1500 })).toBe(1500);
    });

    it('caps the amount at the subtotal', () => {
      expect(discountAmount(1000, { kind: 'amount', amountOffCents: 2500 })).toBe(1000);
      expect(discountAmount(2500, { kind: 'amount', amountOffCents: 2500 })).toBe(2500);
    });

    it('never goes negative', () => {
      expect(discountAmount(9900, { kind: 'amount', amountOffCents: -500 })).toBe(0);
    });

    it('rounds a fractional amount to whole cents', () => {
      expect(discountAmount(9900, { kind: 'amount', amountOffCents: 99.5 })).toBe(100);
    });
  });

  it('takes nothing off an empty or negative subtotal', () => {
    expect(discountAmount(0, { kind: 'percent', percentOff: 50 })).toBe(0);
    expect(discountAmount(0, { kind: 'amount', amountOffCents: 500 })).toBe(0);
    expect(discountAmount(-100, { kind: 'amount', amountOffCents: 500 })).toBe(0);
  });

  it('rejects a subtotal that is not integer cents', () => {
    expect(() => discountAmount(99.5, { kind: 'percent', percentOff: 10 })).toThrow(RangeError);
    expect(() => discountAmount(Number.NaN, { kind: 'percent', percentOff: 10 })).toThrow(
      RangeError,
    );
  });

  it('rejects a non-finite discount value', () => {
    expect(() => discountAmount(9900, { kind: 'percent', percentOff: Number.NaN })).toThrow(
      'percentOff',
    );
    expect(() =>
      discountAmount(9900, { kind: 'amount', amountOffCents: Number.POSITIVE_INFINITY }),
    ).toThrow('amountOffCents');
  });
});
