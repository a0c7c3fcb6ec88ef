import { shouldCheckUpgradePurchased } from './upgrade-purchased';

describe('shouldCheckUpgradePurchased', () => {
  it.each([[undefined], [null], [''], ['   '], ['undefined'], [' undefined ']])(
    'skips the call for %p',
    (paymentId) => {
      expect(shouldCheckUpgradePurchased(paymentId)).toBe(false);
    },
  );

  it.each([['pi_123'], ['order-42'], ['Undefined-ish']])(
    'checks a real payment id %p',
    (paymentId) => {
      expect(shouldCheckUpgradePurchased(paymentId)).toBe(true);
    },
  );
});
