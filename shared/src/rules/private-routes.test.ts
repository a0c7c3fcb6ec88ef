import { isHealthDataRoute, pathOfUrl } from './private-routes';

describe('health-data pages', () => {
  it.each([
    '/account/results',
    '/account/results/',
    '/account/results/uploads/11111111-1111-4111-8111-111111111111',
    '/account/results?tab=trend',
    '/Account/Results',
    '//account//results',
    '/account/%72esults',
    '/shop/acme/account/results',
  ])('counts %s as one', (path) => {
    expect(isHealthDataRoute(path)).toBe(true);
  });

  it.each([
    '/',
    '/account',
    '/account/uploads',
    '/account/resultsx',
    '/upload-results',
    '/pricing',
  ])('does not count %s', (path) => {
    expect(isHealthDataRoute(path)).toBe(false);
  });

  it('reads the path of an absolute URL or a path', () => {
    expect(pathOfUrl('https://shop.example/account/results?x=1')).toBe('/account/results');
    expect(pathOfUrl('/account/results#top')).toBe('/account/results');
    expect(pathOfUrl('')).toBe('');
  });
});
