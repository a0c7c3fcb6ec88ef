// The paths each area serves, declared by the remote that owns them: its src/app/area-routes.ts,
// copied into its mf-manifest.json by the build and into the registry by `shop deploy`. The shell
// routes a path to an area by these prefixes alone; the area owns every page below them, its own
// "not found" included, so a new page inside a prefix needs no shell release.
import type { RegistryDocument } from '../releases/registry-document';
import { AREA_NAMES, REMOTE_NAMES, type AreaName } from './shell-props';

/**
 * A path prefix. "/pricing" serves /pricing and every path below it (not /pricing-x); "/" serves
 * the main page only. A ":name" segment matches any one segment, and a prefix with one is where
 * the area's routes start (its basename): the area cannot spell out the value in its own route
 * file, so its routes are relative to it. ":b2bKey" is the partner's key the shell reads.
 */
export type AreaPathPrefix = '/' | `/${string}`;

/** What a remote declares in src/app/area-routes.ts (export const AREA_ROUTES). */
export type AreaRoutes = readonly AreaPathPrefix[];

/** The manifest field that carries a remote's prefixes: metaData.areaRoutes. */
export const AREA_ROUTES_METADATA_KEY = 'areaRoutes';

/** Every live area's prefixes, as the shell and the site read them from the registry. */
export type AreaTable = readonly { area: AreaName; prefixes: readonly string[] }[];

export interface ResolvedArea {
  area: AreaName;
  /** The declared prefix that matched, e.g. '/shop/:b2bKey'. */
  prefix: string;
  /** Where the area's own routes start: '' unless the prefix has a parameter ('/shop/acme'). */
  basename: string;
  /** The prefix's parameters, decoded: { b2bKey: 'acme' }. */
  params: Record<string, string>;
}

const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)$/;

/** Why `value` is not a list of path prefixes, or null when it is one. */
export function areaRoutesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'it is not a list of path prefixes';
  for (const prefix of value as unknown[]) {
    if (typeof prefix !== 'string' || !prefix.startsWith('/'))
      return `${JSON.stringify(prefix)} is not a path starting with "/"`;
    if (
      prefix !== '/' &&
      !prefix
        .slice(1)
        .split('/')
        .every((segment) => SEGMENT.test(segment))
    )
      return `"${prefix}" has an empty or unusable segment (letters, digits, . _ ~ - or :name)`;
  }
  return null;
}

const segmentsOf = (path: string): string[] =>
  path === '/' || path === '' ? [] : path.replace(/^\//, '').split('/');

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters and the length of the match, or null; static segments compare case-insensitively like the areas' routers. */
function matchPrefix(prefix: string, path: readonly string[]): Record<string, string> | null {
  const wanted = segmentsOf(prefix);
  if (wanted.length === 0) return path.length === 0 ? {} : null;
  if (path.length < wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const actual = path[index] ?? '';
    if (segment.startsWith(':')) {
      if (!actual) return null;
      params[segment.slice(1)] = decodeSegment(actual);
    } else if (segment.toLowerCase() !== actual.toLowerCase()) return null;
  }
  return params;
}

/** Longer prefixes first; at equal length, fixed segments beat parameters. */
function specificity(prefix: string): number {
  const segments = segmentsOf(prefix);
  return segments.length * 100 + segments.filter((segment) => !segment.startsWith(':')).length;
}

/** The area that serves `pathname`: the longest matching prefix wins. Null when no area claims it. */
export function resolveArea(pathname: string, table: AreaTable): ResolvedArea | null {
  const path = segmentsOf(pathname);
  let best: ResolvedArea | null = null;
  let bestScore = -1;
  for (const { area, prefixes } of table) {
    for (const prefix of prefixes) {
      const params = matchPrefix(prefix, path);
      const score = specificity(prefix);
      if (!params || score <= bestScore) continue;
      const hasParams = Object.keys(params).length > 0;
      // The visitor's own spelling of the matched segments, so the area's router strips it exactly.
      const basename = hasParams ? `/${path.slice(0, segmentsOf(prefix).length).join('/')}` : '';
      best = { area, prefix, basename, params };
      bestScore = score;
    }
  }
  return best;
}

/** The registry's live remotes as an area table; a remote without usable prefixes serves no path. */
export function areaTableOf(registry: Pick<RegistryDocument, 'remotes'>): AreaTable {
  const table: { area: AreaName; prefixes: readonly string[] }[] = [];
  // In area order, so two areas declaring the same prefix resolve the same way everywhere.
  for (const area of AREA_NAMES) {
    const entry = registry.remotes[REMOTE_NAMES[area]];
    if (!entry) continue;
    const prefixes: unknown = entry.areaRoutes;
    if (areaRoutesProblem(prefixes) === null) table.push({ area, prefixes: prefixes as string[] });
  }
  return table;
}
