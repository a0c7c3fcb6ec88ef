// Route-level code splitting inside an area. A page's code loads when its route first renders;
// once loaded (or preloaded) the page renders at once, without another trip through Suspense.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const preloaders = new Set<() => Promise<unknown>>();

/**
 * `const HomePage = lazyPage(() => import('…/home-page'), 'HomePage')`: a page from a named export,
 * fetched on first render, so `/` does not download the pricing page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint; each page keeps its props type
export function lazyPage<Name extends string, Page extends ComponentType<any>>(
  load: () => Promise<Record<Name, Page>>,
  name: Name,
): LazyExoticComponent<Page> {
  let loaded: Page | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return loaded;
    });
  preloaders.add(preload);
  return lazy(() => {
    if (loaded) {
      // A thenable that settles synchronously: React renders the page in this pass.
      const page = loaded;
      return {
        then: (resolve: (module: { default: Page }) => void) => resolve({ default: page }),
      } as unknown as Promise<{ default: Page }>;
    }
    return preload().then((page) => ({ default: page }));
  });
}

/** Loads every lazy page created so far (component tests call it, so pages render synchronously). */
export async function preloadLazyPages(): Promise<void> {
  await Promise.all([...preloaders].map((preload) => preload()));
}
