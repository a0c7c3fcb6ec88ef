// Fetches an area's code ahead of the visitor's first tap without running it: a first view that
// takes over on the first interaction would otherwise download the area only after that tap. Once
// the page has painted and the browser is idle, the remote's manifest is read and its entry and the
// `./app` chunks are requested as `<link rel="prefetch">` (lowest priority, kept in the HTTP cache,
// never evaluated), so the takeover finds them cached and evaluation stays where it was. A first view
// that names its pages gets only those pages' chunks: on a slow line the other pages' code would
// share the bandwidth the first tap is waiting on.
import { filesOfPages, PAGE_FILES } from '@shop/shared/federation/page-files';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import { nextTask } from '../app/next-task';
import type { AreaLoader } from './area-loader';

/** The parts of a federation manifest (`mf-manifest.json`) that name the files of an exposed module. */
interface ManifestFiles {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { path?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

/** What a prefetch marks its links with, so a bench can tell them from the page's own scripts. */
export const PREFETCH_ATTRIBUTE = 'data-area-prefetch';

/** A page that never turns idle still prefetches by then (ms after paint). */
const IDLE_TIMEOUT_MS = 2_000;

type IdleWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> &
  Partial<Pick<Window, 'requestIdleCallback'>>;

/**
 * Runs `work` once the page has painted (the frame after this one) and the main thread is idle, or
 * after `IDLE_TIMEOUT_MS` at the latest; a browser without requestIdleCallback waits a short timer.
 */
export function afterPaintWhenIdle(win: IdleWindow, work: () => void): void {
  win.requestAnimationFrame(() => {
    // A timer from the frame callback runs after that frame's paint.
    win.setTimeout(() => {
      if (win.requestIdleCallback)
        win.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
      else win.setTimeout(work, 50);
    }, 0);
  });
}

/**
 * The entry and `./app` chunk URLs a manifest names, resolved against the manifest's own URL; with
 * `pageFiles`, those files in place of the `./app` module's lazy chunks (every page's).
 */
export function areaCodeUrls(
  manifestUrl: string,
  manifest: ManifestFiles,
  base: string,
  pageFiles: readonly string[] | null = null,
): string[] {
  const manifestHref = new URL(manifestUrl, base);
  const publicPath = manifest.metaData?.publicPath;
  // 'auto' (the shop's builds) means beside the manifest.
  const root =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestHref) : manifestHref;
  const at = (file: string) => new URL(file, root).href;
  const entry = manifest.metaData?.remoteEntry;
  const urls: string[] = [];
  if (entry?.name)
    urls.push(at(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`));
  const app = manifest.exposes?.find((expose) => expose.path === './app');
  for (const file of [
    ...(app?.assets?.js?.sync ?? []),
    ...(pageFiles ?? app?.assets?.js?.async ?? []),
  ])
    urls.push(at(file));
  return [...new Set(urls)];
}

export interface AreaCodePrefetchOptions {
  /** The first view's page chunks; without them, or if the build does not list them, every page's. */
  pages?: readonly string[];
  fetchJson?: (url: string) => Promise<unknown>;
}

const fetchJsonOf = async (url: string): Promise<unknown> => (await fetch(url)).json();

/** Reads the manifest and adds one prefetch link per file not already linked; resolves with the URLs. */
export async function prefetchAreaCode(
  doc: Document,
  manifestUrl: string,
  { pages = [], fetchJson = fetchJsonOf }: AreaCodePrefetchOptions = {},
): Promise<string[]> {
  const manifestHref = new URL(manifestUrl, doc.baseURI).href;
  const [manifest, pageFiles] = await Promise.all([
    fetchJson(manifestUrl) as Promise<ManifestFiles>,
    pages.length > 0
      ? fetchJson(new URL(PAGE_FILES, manifestHref).href).then(
          (document) => filesOfPages(document, pages),
          () => null,
        )
      : null,
  ]);
  const urls = areaCodeUrls(manifestUrl, manifest, doc.baseURI, pageFiles);
  const linked = new Set(
    [...doc.head.querySelectorAll<HTMLLinkElement>(`link[${PREFETCH_ATTRIBUTE}]`)].map(
      (l) => l.href,
    ),
  );
  await addPrefetchLinks(
    doc,
    urls.filter((href) => !linked.has(href)),
  );
  return urls;
}

/**
 * Links added per task: starting a fetch costs a fraction of a millisecond, and an area has dozens of
 * files, so one task adding them all would block a phone's main thread for a long task of its own.
 */
const LINKS_PER_TASK = 4;

/** Adds a prefetch link for each URL, a few per task; resolves once all are in. */
export async function addPrefetchLinks(doc: Document, hrefs: readonly string[]): Promise<void> {
  for (let start = 0; start < hrefs.length; start += LINKS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of hrefs.slice(start, start + LINKS_PER_TASK)) addPrefetchLink(doc, href);
  }
}

/** A `<link rel="prefetch">` for a script: fetched at the lowest priority, kept in the HTTP cache, not run. */
function addPrefetchLink(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.as = 'script';
  link.href = href;
  link.setAttribute(PREFETCH_ATTRIBUTE, '');
  doc.head.appendChild(link);
}

interface FirstViewToPrefetch {
  takeover: string;
  pathname: string;
  routeFor(pathname: string): { area: AreaName } | undefined;
}

/**
 * For a first view that waits for the visitor's first interaction: its area's code is fetched once
 * the page has painted and is idle, so the first tap waits for evaluation only, not the network.
 */
export function prefetchFirstViewArea(
  win: IdleWindow,
  firstView: FirstViewToPrefetch,
  loader: Pick<AreaLoader, 'prefetch'>,
): void {
  const landed = firstView.routeFor(firstView.pathname);
  if (!landed || firstView.takeover !== 'on-interaction') return;
  afterPaintWhenIdle(win, () => void loader.prefetch(landed.area));
}
