// Guards for links that come from URLs or partners, so they cannot send the browser
// to another site or run `javascript:`.

/** True only for an absolute http: or https: URL. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Returns `target` as a path + search + hash on `origin`, or `fallback` when it would leave it.
 * The WHATWG URL parser does the resolving, so it reads `//evil`, `/\evil`, tabs inside the
 * scheme and `javascript:` exactly the way the browser would before the check is made.
 */
export function safeSameOriginRedirect(target: unknown, origin: string, fallback = '/'): string {
  if (typeof target !== 'string' || target.trim() === '') return fallback;
  try {
    const base = new URL(origin);
    const resolved = new URL(target, base);
    if (resolved.origin !== base.origin) return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

const AUTH_SCREENS = /^\/(?:login|signup|reset-password)(?:[/?#]|$)/;

/**
 * Where to go once logged in (log-in, sign-up confirmation): a same-origin target as above, but
 * never back to an auth screen, which would loop. The account area and the API both use it.
 */
export function safeAfterAuthRedirect(target: unknown, origin: string, fallback: string): string {
  const resolved = safeSameOriginRedirect(target, origin, fallback);
  return AUTH_SCREENS.test(resolved) ? fallback : resolved;
}
