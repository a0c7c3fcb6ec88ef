// Field data: a sampled share of page loads measures its LCP, INP and CLS with Google's web-vitals
// library. This part is in the first load and stays tiny: it decides the sample, waits for the
// first paint and an idle moment, and only then imports the reporter (and the library) as a chunk.
import { isHealthDataRoute } from '@shop/shared/rules/private-routes';
import {
  FIELD_DATA_AREAS,
  routePatternOf,
  type FieldDataArea,
} from '@shop/shared/rules/web-vitals';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import { afterPaintWhenIdle } from '../../federation/area-code-prefetch';
import type { VitalsReporter, VitalsReporterOptions } from './vitals-reporter';

/** One page load in ten is measured unless /config.js says otherwise. */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

/** The configured rate if it is a share between 0 and 1, else the default. */
export function vitalsSampleRate(configured: unknown): number {
  return typeof configured === 'number' && configured >= 0 && configured <= 1
    ? configured
    : DEFAULT_VITALS_SAMPLE_RATE;
}

export interface FieldVitalsOptions {
  win: Parameters<typeof afterPaintWhenIdle>[0];
  sampleRate: number;
  /** The page's address now and as it changes (the shell's navigation store). */
  location: { getLocation(): { pathname: string }; subscribe(listener: () => void): () => void };
  /** The landing page's area, once the registry says; null for a page no area claims. */
  areaOf(pathname: string): Promise<AreaName | null>;
  /** The connect API's base URL ('' for the page's origin) and the page-view token. */
  apiBaseUrl: string;
  token: string;
  random?: () => number;
  loadReporter?: () => Promise<{
    startVitalsReporter(options: VitalsReporterOptions): VitalsReporter;
  }>;
}

const isFieldDataArea = (area: AreaName | null): area is FieldDataArea =>
  area !== null && (FIELD_DATA_AREAS as readonly string[]).includes(area);

/**
 * Measures this page load if it falls in the sample. Results pages are never measured: a load
 * that lands on one loads nothing, and a load that moves onto one sends nothing from then on.
 * Resolves with the reporter once running, or null when this load is not measured.
 */
export async function startFieldVitals({
  win,
  sampleRate,
  location,
  areaOf,
  apiBaseUrl,
  token,
  random = Math.random,
  loadReporter = () => import(/* webpackChunkName: "field-vitals" */ './vitals-reporter'),
}: FieldVitalsOptions): Promise<VitalsReporter | null> {
  if (!(random() < sampleRate)) return null;
  const landing = location.getLocation().pathname;
  if (isHealthDataRoute(landing)) return null;
  let reporter: VitalsReporter | null = null;
  let onPrivatePage = false;
  const unsubscribe = location.subscribe(() => {
    if (!isHealthDataRoute(location.getLocation().pathname)) return;
    onPrivatePage = true;
    reporter?.stop();
    unsubscribe();
  });
  await new Promise<void>((resolve) => afterPaintWhenIdle(win, resolve));
  const area = await areaOf(landing).catch(() => null);
  // A chunk that fails to load (offline, a new deploy) only loses this load's measurement.
  const loaded =
    onPrivatePage || !isFieldDataArea(area) ? null : await loadReporter().catch(() => null);
  if (!loaded || onPrivatePage || !isFieldDataArea(area)) {
    unsubscribe();
    return null;
  }
  reporter = loaded.startVitalsReporter({
    route: routePatternOf(landing),
    area,
    apiBaseUrl,
    token,
  });
  return reporter;
}
