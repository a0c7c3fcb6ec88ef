import {
  renewalPeriodPhrase,
  renewalTermsOf,
  renewalTermsParts,
  renewalTermsText,
} from './renewal-terms';

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
      shopUrl: 'https://shop.example',
    });
    expect(text).toContain(
      'Bloodwise Monthly: CA$99 every month; Bloodwise Annual: CA$145.50 every year.',
    );
    expect(text).toContain('until you cancel');
    // A link in words and a full address, never a bare path in the legal text.
    expect(text).toContain(
      'You can cancel online at any time in your account (https://shop.example/account).',
    );
    expect(text).not.toMatch(/\(\/account/);
    // A guest is told how to reach the plan online.
    expect(text).toContain(
      "Checking out as a guest? Your plan is added to the account with this order's email address",
    );
  });

  it('gives the page a real link to the account among the words', () => {
    const parts = renewalTermsParts({
      lines: [{ title: 'Monthly', amount: 9_900, interval: 'month' }],
      currency: 'usd',
    });
    expect(parts.filter((part) => typeof part !== 'string')).toEqual([
      { text: 'your account', href: '/account' },
    ]);
  });

  it('has no terms for lines that do not recur, and only the recurring ones otherwise', () => {
    const kit = { title: 'Kit', amount: 14_900, interval: null };
    expect(renewalTermsOf({ lines: [kit], currency: 'usd' })).toBeNull();
    expect(
      renewalTermsOf({
        lines: [kit, { title: 'Monthly', amount: 9_900, interval: 'month' }],
        currency: 'usd',
      }),
    ).toEqual(
      renewalTermsParts({
        lines: [{ title: 'Monthly', amount: 9_900, interval: 'month' }],
        currency: 'usd',
      }),
    );
  });
});
