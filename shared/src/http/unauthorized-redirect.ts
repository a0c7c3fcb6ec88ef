/**
 * Calls whose 401 is an answer, not a lost session: the log-in and sign-up calls
 * themselves, the user probe that may return nobody, the page-view log, and the
 * account pages' payment methods and subscriptions, which handle their own 401 (log in and
 * come back to the page).
 */
export const UNAUTHORIZED_REDIRECT_EXCEPTIONS = [
  '/auth2',
  '/login',
  '/payment-methods',
  '/management-portal/subscriptions',
  '/cms-info',
  '/log-page-view',
] as const;

/**
 * Whether a 401 from `url` should send the browser to /login. Only the path is compared,
 * so a query such as `?next=/login` cannot switch the redirect off.
 */
export function shouldRedirectOn401(url: string | null | undefined): boolean {
  if (!url) return true;
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    path = url;
  }
  return !UNAUTHORIZED_REDIRECT_EXCEPTIONS.some((exception) => path.includes(exception));
}
