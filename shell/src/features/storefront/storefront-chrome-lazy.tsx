// Storefront-only chrome, fetched only on /shop routes: shoppers on the shop's own pages never
// download partner branding code. Each piece has a placeholder that keeps its place meanwhile.
import { lazy, Suspense, type ComponentProps } from 'react';

const chrome = () => import('./storefront-chrome');
const LazyBrand = lazy(() => chrome().then((module) => ({ default: module.StorefrontBrand })));
const LazyFooter = lazy(() => chrome().then((module) => ({ default: module.StorefrontFooter })));
const LazyStyles = lazy(() => chrome().then((module) => ({ default: module.StorefrontShellStyles })));
const LazyPartnerHead = lazy(() => chrome().then((module) => ({ default: module.PartnerHeadEffect })));

type ChromeModule = typeof import('./storefront-chrome');

export function StorefrontBrand(props: ComponentProps<ChromeModule['StorefrontBrand']>) {
  return (
    <Suspense fallback={<span className="header-logo" aria-hidden="true" />}>
      <LazyBrand {...props} />
    </Suspense>
  );
}

export function StorefrontFooter(props: ComponentProps<ChromeModule['StorefrontFooter']>) {
  return (
    <Suspense fallback={<footer className="site-footer storefront-footer" />}>
      <LazyFooter {...props} />
    </Suspense>
  );
}

export function StorefrontShellStyles() {
  return (
    <Suspense fallback={null}>
      <LazyStyles />
    </Suspense>
  );
}

export function PartnerHead(props: ComponentProps<ChromeModule['PartnerHeadEffect']>) {
  return (
    <Suspense fallback={null}>
      <LazyPartnerHead {...props} />
    </Suspense>
  );
}
