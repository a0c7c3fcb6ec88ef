// Pages that show a customer's health data: their lab results and everything below them. No
// analytics event, page-view log, product-analytics call or chat widget runs on them, so no
// reading, upload id or visit to them reaches a third party or a log read by many people.
const HEALTH_DATA_PATH = /^(?:\/shop\/[^/]+)?\/account\/results(?:\/|$)/i;

/** Whether `pathname` (a path, or a path with a query or hash) is a health-data page. */
export function isHealthDataRoute(pathname: string): boolean {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  try {
    // The router matches the decoded path: "/account/%72esults" is the results page too.
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as written.
  }
  // Repeated or trailing slashes open the same page.
  return HEALTH_DATA_PATH.test(path.replace(/\/{2,}/g, '/'));
}

/** A URL's path, whether `url` is absolute or a path; '' for no URL. */
export function pathOfUrl(url: string): string {
  if (url === '') return '';
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}
