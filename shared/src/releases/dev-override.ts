// Development override: load one remote from a developer's own server into the running shop,
// the way import-map-overrides does for single-spa. The shell calls these pure functions; the
// allowlist comes from runtime config (localhost by default, empty in production).
import { REMOTE_NAMES } from '../shell-contract/shell-props';
import { DEV_OVERRIDE_QUERY_PARAM, DEV_OVERRIDE_RESET_VALUE } from './dev-override-keys';

export { DEV_OVERRIDE_STORAGE_KEY } from './dev-override-keys';

const MAX_VALUE_LENGTH = 2048;
const KNOWN_REMOTES: readonly string[] = Object.values(REMOTE_NAMES);

/** Same shape as the shell's RemoteSource, so overrides can be merged over the registry as they are. */
export interface DevOverride {
  /** Federation name, e.g. 'mf_checkout'. */
  name: string;
  /** Absolute URL of the remote's mf-manifest.json on an allowed origin. */
  manifestUrl: string;
}

export interface RefusedDevOverride {
  value: string;
  reason: string;
}

export type DevOverrideParseResult =
  { ok: true; override: DevOverride } | { ok: false; refusal: RefusedDevOverride };

/**
 * Allowlist entries are origins. `http://localhost:3003` allows that port only; `http://localhost`
 * (no port) and `http://localhost:*` allow any port of that scheme and host.
 */
export function isOriginAllowed(origin: string, allowlist: readonly string[]): boolean {
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  return allowlist.some((entry) => originMatches(candidate, entry));
}

export interface AllowlistEntry {
  scheme: 'http' | 'https';
  host: string;
  /** null: any port. */
  port: string | null;
}

/** Parses `http://localhost`, `http://localhost:3003` or `http://localhost:*`; null if malformed. */
export function parseAllowlistEntry(entry: string): AllowlistEntry | null {
  const match = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?\/?$/i.exec(
    entry.trim(),
  );
  if (!match) return null;
  const port = match[3];
  return {
    scheme: match[1]!.toLowerCase() as AllowlistEntry['scheme'],
    host: match[2]!.toLowerCase(),
    port: port === undefined || port === '*' ? null : port,
  };
}

function originMatches(candidate: URL, entry: string): boolean {
  const allowed = parseAllowlistEntry(entry);
  if (!allowed) return false;
  if (`${allowed.scheme}:` !== candidate.protocol) return false;
  if (allowed.host !== candidate.hostname.toLowerCase()) return false;
  if (allowed.port === null) return true;
  const candidatePort = candidate.port || (candidate.protocol === 'https:' ? '443' : '80');
  return candidatePort === allowed.port;
}

/** Accepts `mf_checkout` and the package spelling `mf-checkout`. */
export function normalizeRemoteName(name: string): string | null {
  const normalized = name.trim().toLowerCase().replace(/-/g, '_');
  return KNOWN_REMOTES.includes(normalized) ? normalized : null;
}

/** Validates one `name@url` value against the allowlist. Never throws. */
export function parseDevOverride(
  value: string,
  allowedOrigins: readonly string[],
): DevOverrideParseResult {
  const refuse = (reason: string): DevOverrideParseResult => ({
    ok: false,
    refusal: { value: value.slice(0, 200), reason },
  });
  if (value.length > MAX_VALUE_LENGTH) return refuse('The override value is too long.');
  // Control characters and whitespace have no place in a name or a URL and hide tricks.
  if (hasWhitespaceOrControl(value))
    return refuse('The override value contains whitespace or control characters.');
  const at = value.indexOf('@');
  if (at <= 0)
    return refuse(
      'Use the form <remote>@<manifest URL>, e.g. mf_checkout@http://localhost:3003/mf-manifest.json.',
    );
  const remote = normalizeRemoteName(value.slice(0, at));
  if (!remote)
    return refuse(
      `Unknown remote "${value.slice(0, at)}". Known remotes: ${KNOWN_REMOTES.join(', ')}.`,
    );
  if (allowedOrigins.length === 0)
    return refuse('Development overrides are disabled in this environment.');

  const rawUrl = value.slice(at + 1);
  // Only absolute http(s) URLs: this also rules out javascript:, data:, blob: and protocol-relative //host forms.
  if (!/^https?:\/\//i.test(rawUrl))
    return refuse('The manifest URL must be an absolute http(s) URL.');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refuse('The manifest URL is not a valid URL.');
  }
  if (url.username || url.password) return refuse('The manifest URL must not contain credentials.');
  if (!isOriginAllowed(url.origin, allowedOrigins)) {
    return refuse(`The origin ${url.origin} is not on the development-override allowlist.`);
  }
  if (!/\.json$/i.test(url.pathname))
    return refuse("The override must point at the remote's mf-manifest.json.");
  return { ok: true, override: { name: remote, manifestUrl: url.href } };
}

export interface DevOverrideState {
  /** Overrides to apply, at most one per remote (the last one given wins). */
  overrides: DevOverride[];
  /** Values refused; the shell shows each with its reason. */
  refused: RefusedDevOverride[];
  /**
   * What to write to localStorage under DEV_OVERRIDE_STORAGE_KEY: a string to store,
   * null to remove the key, undefined to leave it as it is.
   */
  storageUpdate: string | null | undefined;
}

/**
 * Decides the overrides for this page load. Query-string values win over stored ones and are
 * stored, so the override survives navigation. Stored values are re-validated every time, so a
 * narrowed allowlist (or production) refuses them.
 */
export function resolveDevOverrides(input: {
  search: string;
  storedValue: string | null;
  allowedOrigins: readonly string[];
}): DevOverrideState {
  const params = new URLSearchParams(input.search);
  const fromQuery = params.getAll(DEV_OVERRIDE_QUERY_PARAM);

  if (fromQuery.length > 0) {
    if (fromQuery.some((value) => value === '' || value === DEV_OVERRIDE_RESET_VALUE)) {
      return { overrides: [], refused: [], storageUpdate: null };
    }
    const state = validateAll(fromQuery, input.allowedOrigins);
    const accepted = state.overrides.map(formatDevOverride);
    return { ...state, storageUpdate: accepted.length > 0 ? JSON.stringify(accepted) : undefined };
  }

  if (input.storedValue === null) return { overrides: [], refused: [], storageUpdate: undefined };
  const stored = parseStoredValue(input.storedValue);
  if (!stored) {
    return {
      overrides: [],
      refused: [
        {
          value: input.storedValue.slice(0, 200),
          reason: 'The stored override is unreadable and was cleared.',
        },
      ],
      storageUpdate: null,
    };
  }
  const state = validateAll(stored, input.allowedOrigins);
  // Drop refused values from storage so a stale override does not nag on every load.
  const storageUpdate =
    state.refused.length > 0
      ? state.overrides.length > 0
        ? JSON.stringify(state.overrides.map(formatDevOverride))
        : null
      : undefined;
  return { ...state, storageUpdate };
}

export function formatDevOverride(override: DevOverride): string {
  return `${override.name}@${override.manifestUrl}`;
}

function validateAll(
  values: readonly string[],
  allowedOrigins: readonly string[],
): Omit<DevOverrideState, 'storageUpdate'> {
  const byRemote = new Map<string, DevOverride>();
  const refused: RefusedDevOverride[] = [];
  for (const value of values) {
    const result = parseDevOverride(value, allowedOrigins);
    if (result.ok) byRemote.set(result.override.name, result.override);
    else refused.push(result.refusal);
  }
  return { overrides: [...byRemote.values()], refused };
}

function hasWhitespaceOrControl(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || /\s/.test(char)) return true;
  }
  return false;
}

function parseStoredValue(raw: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    return null;
  } catch {
    return null;
  }
}
