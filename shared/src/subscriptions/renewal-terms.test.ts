import { renewalPeriodPhrase, renewalTermsOf, renewalTermsText } from './renewal-terms';

describe('automatic-renewal terms', () => {
  it('names each period in plain words, counts included', () => {
    expect(renewalPeriodPhrase('month')).toBe('every month');
    expect(renewalPeriodPhrase('quarter')).toBe('every 3 months');
    expect(renewalPeriodPhrase('20-days')).toBe('every 20 days');
    expect(renewalPeriodPhrase('2-years')).toBe('every 2 years');
  });

  it('says what is charged, how often, that it renews until cancelled, and how to cancel online', () => {
    const text = renewalTermsText({
      lines: [
        { title: 'Bloodwise Monthly', amount: 9_900, interval: 'month' },
        { title: 'Bloodwise Annual', amount: 14_550, interval: 'year' },
      ],
      currency: 'cad',
    });
    expect(text).toContain(
      'Bloodwise Monthly: CA$99 every month; Bloodwise Annual: CA$145.50 every year.',
    );
    expect(text).toContain('until you cancel');
    expect(text).toContain(
      'cancel online at any time in your account under Subscriptions (/account/subscriptions)',
    );
  });

  it('has no terms for lines that do not recur, and only the recurring ones otherwise', () => {
    const kit = { title: 'Kit', amount: 14_900, interval: null };
    expect(renewalTermsOf({ lines: [kit], currency: 'usd' })).toBeNull();
    expect(
      renewalTermsOf({
        lines: [kit, { title: 'Monthly', amount: 9_900, interval: 'month' }],
        currency: 'usd',
      }),
    ).toBe(
      renewalTermsText({
        lines: [{ title: 'Monthly', amount: 9_900, interval: 'month' }],
        currency: 'usd',
      }),
    );
  });
});
