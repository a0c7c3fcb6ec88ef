// Security headers for the shell's HTML. Scripts come from this origin only, plus the origins a
// developer may load an override from (none in production).
import { parseAllowlistEntry } from '@shop/shared/releases/dev-override';

export interface CspSources {
  /** Allowlisted dev-override origins, as in runtime config. */
  devOverrideOrigins: readonly string[];
  /** Absolute API base URLs when the APIs live on other origins. */
  apiBaseUrls: readonly string[];
  /** Extra origins for configured third parties (chat widget, analytics). */
  extraOrigins: readonly string[];
}

/** `http://localhost` in the allowlist means any port, which CSP spells `http://localhost:*`. */
export function overrideOriginToCspSource(origin: string): string | null {
  const entry = parseAllowlistEntry(origin);
  return entry ? `${entry.scheme}://${entry.host}:${entry.port ?? '*'}` : null;
}

function originOf(url: string): string | null {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

function unique(values: Iterable<string | null>): string[] {
  return [...new Set([...values].filter((value): value is string => Boolean(value)))];
}

export function contentSecurityPolicy(sources: CspSources): string {
  const overrides = unique(sources.devOverrideOrigins.map(overrideOriginToCspSource));
  // The override's dev server may push live reloads over a websocket.
  const overrideSockets = overrides.map((source) => source.replace(/^http/, 'ws'));
  const extra = unique(sources.extraOrigins.map(originOf));
  const apis = unique(sources.apiBaseUrls.map(originOf));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...overrides, ...extra],
    // antd's CSS-in-JS injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...extra],
    'connect-src': ["'self'", ...apis, ...overrides, ...overrideSockets, ...extra],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', ...extra],
    'frame-src': ["'self'", ...extra],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${unique(values).join(' ')}`)
    .join('; ');
}

export function htmlSecurityHeaders(sources: CspSources): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}
