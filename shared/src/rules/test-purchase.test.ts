import { TEST_PURCHASE_THRESHOLD_CENTS, isTestPurchase } from './test-purchase';

describe('isTestPurchase', () => {
  it('sets the threshold at $30', () => {
    expect(TEST_PURCHASE_THRESHOLD_CENTS).toBe(3000);
  });

  it.each([
    [0, true],
    [100, true],
    [2999, true],
    [3000, false],
    [3001, false],
    [9900, false],
  ])('a total of %i cents is a test purchase: %p', (totalCents, expected) => {
    expect(isTestPurchase(totalCents)).toBe(expected);
  });
});
