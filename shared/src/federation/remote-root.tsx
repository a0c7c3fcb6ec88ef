// The root every remote parcel renders: the shell's QueryClient and a low-level Router driven by
// the shell's history, so the shell stays the one history owner and links inside a remote change
// the shell's URL. antd's theme is applied by the area (./area-antd-theme), so a page without antd
// does not load it.
import React, {
  startTransition,
  Suspense,
  useEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Router, type Navigator } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AreaName, ShellProps } from '../shell-contract/shell-props';
import { AREA_PENDING_ATTRIBUTE } from '../ssr/server-render';
import { NotFoundPage } from './not-found-page';
import { ShellContext, useShell } from './shell-context';

export { useShell } from './shell-context';

export function AreaProviders({ shell, children }: { shell: ShellProps; children: ReactNode }) {
  const { navigation, queryClient } = shell;
  return (
    <QueryClientProvider client={queryClient}>
      <ShellContext.Provider value={shell}>
        <Router
          location={navigation.location}
          navigator={navigation.navigator as Navigator}
          basename={navigation.basename || '/'}
        >
          {children}
        </Router>
      </ShellContext.Provider>
    </QueryClientProvider>
  );
}

export { lazyPage } from './lazy-page';

/**
 * An area's route for a path inside its prefixes that it has no page for: the shell sends every
 * such path here, so the area answers "not found" itself (`<Route path="*" element={<AreaNotFound />} />`).
 */
export function AreaNotFound() {
  return <NotFoundPage pathname={useShell().navigation.location.pathname} />;
}

/** Wraps an area's <Routes>: a quiet placeholder while a lazy page's code arrives. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-live="polite"
          style={{ minHeight: '50vh' }}
          {...{ [AREA_PENDING_ATTRIBUTE]: '' }}
        >
          <span
            style={{
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
            Loading…
          </span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function AreaCrashed({ area, error, shell }: { area: AreaName; error: Error; shell: ShellProps }) {
  useEffect(() => {
    // Deferred: the shell re-renders its own root, which must not happen during this render.
    const timer = setTimeout(() => shell.reportAreaError?.(area, error), 0);
    return () => clearTimeout(timer);
  }, [area, error, shell]);
  return (
    <div role="alert" style={{ padding: 24 }}>
      This part of the page stopped working.
    </div>
  );
}

/**
 * react-dom/client whose roots render in a transition: React then yields to the browser every few
 * milliseconds instead of blocking input while it draws an area, on its first render and when the
 * shell hands it new props (a route change, the visitor signing in).
 */
const transitionRoots = {
  createRoot(container: Element) {
    const root = ReactDOMClient.createRoot(container);
    return {
      render: (children: ReactNode) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/**
 * Builds the `./app` module of a remote: a single-spa-react parcel around the area's routes,
 * plus the plain root component for the dev harness and component tests.
 */
export function createAreaApp(area: AreaName, AreaRoutes: ComponentType) {
  function AreaRoot(props: ShellProps) {
    return (
      <AreaProviders shell={props}>
        <AreaRoutes />
      </AreaProviders>
    );
  }
  AreaRoot.displayName = `AreaRoot(${area})`;

  const parcel = singleSpaReact<ShellProps>({
    React,
    ReactDOMClient: transitionRoots,
    rootComponent: AreaRoot,
    errorBoundary: (error, _info, props) => <AreaCrashed area={area} error={error} shell={props} />,
  });
  return { AreaRoot, parcel };
}
