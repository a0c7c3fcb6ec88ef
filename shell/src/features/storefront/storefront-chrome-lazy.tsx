// Storefront-only chrome, fetched only on /shop routes: shoppers on the shop's own pages never
// download partner branding code. Each piece has a placeholder that keeps its place meanwhile.
// Once the module is in (preloadStorefrontChrome), the pieces render without a placeholder: a
// storefront's server-rendered first view and the shell's first render then draw the same frame.
import { lazy, Suspense, type ComponentProps } from 'react';

type ChromeModule = typeof import('./storefront-chrome');

let loaded: ChromeModule | null = null;
const chrome = () =>
  import('./storefront-chrome').then((module) => {
    loaded = module;
    return module;
  });

/** Loads the chrome before a render that must not show its placeholders. */
export function preloadStorefrontChrome(): Promise<unknown> {
  return chrome();
}

const LazyBrand = lazy(() => chrome().then((module) => ({ default: module.StorefrontBrand })));
const LazyFooter = lazy(() => chrome().then((module) => ({ default: module.StorefrontFooter })));
const LazyStyles = lazy(() =>
  chrome().then((module) => ({ default: module.StorefrontShellStyles })),
);
const LazyPartnerHead = lazy(() =>
  chrome().then((module) => ({ default: module.PartnerHeadEffect })),
);

export function StorefrontBrand(props: ComponentProps<ChromeModule['StorefrontBrand']>) {
  if (loaded) return <loaded.StorefrontBrand {...props} />;
  return (
    <Suspense fallback={<span className="header-logo" aria-hidden="true" />}>
      <LazyBrand {...props} />
    </Suspense>
  );
}

export function StorefrontFooter(props: ComponentProps<ChromeModule['StorefrontFooter']>) {
  if (loaded) return <loaded.StorefrontFooter {...props} />;
  return (
    <Suspense fallback={<footer className="site-footer storefront-footer" />}>
      <LazyFooter {...props} />
    </Suspense>
  );
}

export function StorefrontShellStyles() {
  if (loaded) return <loaded.StorefrontShellStyles />;
  return (
    <Suspense fallback={null}>
      <LazyStyles />
    </Suspense>
  );
}

export function PartnerHead(props: ComponentProps<ChromeModule['PartnerHeadEffect']>) {
  if (loaded) return <loaded.PartnerHeadEffect {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPartnerHead {...props} />
    </Suspense>
  );
}
