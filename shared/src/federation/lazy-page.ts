// Route-level code splitting inside an area. A page's code loads when its route first renders;
// once loaded (or preloaded) the page renders at once, without another trip through Suspense.
import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type FunctionComponent,
} from 'react';

const preloaders = new Set<() => Promise<unknown>>();

/**
 * The webpack chunk a lazy page's import names (`webpackChunkName`): the kebab-case of its export,
 * `CartPage` → `cart-page`. The build lists each such chunk's files (page-files.json), and a first
 * view names the pages it rendered, so the browser can fetch one page's code ahead of the others.
 */
export function pageChunkName(exportName: string): string {
  return exportName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The page chunks drawn by the server render running now (renders are synchronous). */
let renderedPages: Set<string> | null = null;

/** Runs a synchronous render and returns it with the page chunks its lazy pages came from. */
export function recordRenderedPages<T>(render: () => T): { result: T; pages: string[] } {
  const outer = renderedPages;
  const pages = new Set<string>();
  renderedPages = pages;
  try {
    return { result: render(), pages: [...pages] };
  } finally {
    renderedPages = outer;
  }
}

export interface LazyPageOptions {
  /** Other chunks the page loads with its own (`webpackChunkName`s), e.g. a theme it imports lazily. */
  alsoChunks?: readonly string[];
}

/**
 * `const HomePage = lazyPage(() => import('…/home-page'), 'HomePage')`, the import naming its chunk
 * `home-page` (pageChunkName): a page from a named export, fetched on first render, so `/` does not
 * download the pricing page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint; each page keeps its props type
export function lazyPage<Name extends string, Page extends ComponentType<any>>(
  load: () => Promise<Record<Name, Page>>,
  name: Name,
  options: LazyPageOptions = {},
): FunctionComponent<ComponentProps<Page>> {
  let loaded: Page | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return loaded;
    });
  preloaders.add(preload);
  const LazyPage = lazy(() => {
    if (loaded) {
      // A thenable that settles synchronously: React renders the page in this pass.
      const page = loaded;
      return {
        then: (resolve: (module: { default: Page }) => void) => resolve({ default: page }),
      } as unknown as Promise<{ default: Page }>;
    }
    return preload().then((page) => ({ default: page }));
  });
  const chunks = [pageChunkName(name), ...(options.alsoChunks ?? [])];
  function RecordedLazyPage(props: ComponentProps<Page>) {
    if (renderedPages) for (const chunk of chunks) renderedPages.add(chunk);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's own props, passed through
    return createElement(LazyPage as ComponentType<any>, props);
  }
  RecordedLazyPage.displayName = `LazyPage(${name})`;
  return RecordedLazyPage;
}

/** Loads every lazy page created so far (component tests call it, so pages render synchronously). */
export async function preloadLazyPages(): Promise<void> {
  await Promise.all([...preloaders].map((preload) => preload()));
}
