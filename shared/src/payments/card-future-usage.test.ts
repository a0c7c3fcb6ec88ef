import { checkoutCardFutureUsage } from './card-future-usage';

describe('checkoutCardFutureUsage', () => {
  it('keeps the card for renewals when a line renews, and for the upgrade offers otherwise', () => {
    expect(checkoutCardFutureUsage({ recurring: true })).toBe('off_session');
    expect(checkoutCardFutureUsage({ recurring: false })).toBe('on_session');
  });
});
