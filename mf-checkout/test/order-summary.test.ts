import { balanceCents } from '../src/features/checkout/components/order-summary';

describe('balanceCents', () => {
  it("reads cms-info's { amount, currency } as cents, and nothing when the balance was not asked for", () => {
    expect(balanceCents({ amount: 2_500, currency: 'usd' })).toBe(2_500);
    expect(balanceCents({ amount: 0, currency: 'usd' })).toBe(0);
    expect(balanceCents(undefined)).toBeNull();
  });
});
