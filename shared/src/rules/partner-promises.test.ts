import { partnerPromises } from './partner-promises';

describe('what a partner’s words promise about money', () => {
  it('finds free shipping however it is put, with the field’s path', () => {
    expect(
      partnerPromises({
        aboutPoints: ['Private results', 'Free shipping on the quarterly plan'],
        bannerContent: 'Every kit ships free this month',
        mainPageDescription: 'Shipping is free for members.',
      }).map((promise) => [promise.path, promise.kind]),
    ).toEqual([
      ['aboutPoints.1', 'free-shipping'],
      ['bannerContent', 'free-shipping'],
      ['mainPageDescription', 'free-shipping'],
    ]);
  });

  it('reads each dollar amount as cents', () => {
    expect(
      partnerPromises({ bannerContent: 'Kits from $129, plans at $1,290.50 a year' }).map(
        (promise) => (promise.kind === 'amount' ? promise.cents : null),
      ),
    ).toEqual([12_900, 129_050]);
  });

  it('finds nothing in words that promise nothing about money', () => {
    expect(
      partnerPromises({
        aboutPoints: ['Members-only pricing', 'Shipping in 3 to 5 days', 'Free to cancel'],
        logo: 'data:image/svg+xml;base64,PHN2Zz4=',
      }),
    ).toEqual([]);
  });
});
