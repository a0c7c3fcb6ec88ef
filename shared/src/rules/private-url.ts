// Query parameters that identify one shopper's order or carry a secret. They must never reach a
// log or an analytics service: a page-view URL outlives the purchase and is read by many people.
export const PRIVATE_QUERY_PARAMS = [
  'order',
  'checkout',
  'employerPay',
  'token',
  'linkId',
] as const;

/**
 * The URL (absolute or a path with a query) with every private parameter removed. Anything that
 * does not parse is dropped to its path, so a malformed URL cannot smuggle one through.
 */
export function withoutPrivateParams(url: string): string {
  // No referrer stays no referrer.
  if (url === '') return url;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
  for (const name of PRIVATE_QUERY_PARAMS) parsed.searchParams.delete(name);
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return absolute
    ? `${parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin}${rest}`
    : rest;
}
