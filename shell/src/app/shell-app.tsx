// The shell: header, the current route's area, footer, notifications and chat. It owns routing,
// theme, notifications, user context, analytics and the chat widget, and nothing else.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPath, type Navigator } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  OPERATOR_AREAS,
  SHELL_CONTRACT_VERSION,
  type ShellProps,
} from '@shop/shared/shell-contract/shell-props';
import { useNavigationLocation } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet, createNestedAreaOutlet } from '../federation/area-outlet';
import { AreaFallback, AreaLoading } from '../federation/area-fallback';
import { Header } from '../features/layout/header';
import { replayFramePresses } from '../federation/frame-presses';
import { Footer } from '../features/layout/footer';
import { NotFoundPage } from '@shop/shared/federation/not-found-page';
import { ChatWidget } from '../features/chat/chat-widget';
import type { ShellDevOverrides } from '../features/dev-override/dev-overrides';
import { NO_DEV_OVERRIDES } from '../features/dev-override/dev-override-loader';
import { useShellNotify } from '../features/notifications/notify';
import { usePageViewLog } from '../features/analytics/use-page-view-log';
import { useCurrentUser } from '../features/user/user-query';
import { useUserContext } from '../features/user/use-user-context';
import { useOperatorAccess } from '../features/user/operator-access';
import { useCustomization } from '../features/storefront/customization-query';
import {
  PartnerHead,
  StorefrontFooter,
  StorefrontShellStyles,
} from '../features/storefront/storefront-chrome-lazy';
import { shellTheme } from '../features/theme/shell-theme';
import {
  likelyNextArea,
  routeOf,
  showsShopperChat,
  wantsBalance,
  type ShellRoute,
} from './route-table';
import type { RegistrySource } from './registry-source';
import type { ShellRuntime } from './shell-runtime';
import { ShellFrame } from './shell-frame';

type BaseShellProps = Omit<ShellProps, 'reportAreaError'>;

const DevOverrideBanner = lazy(() =>
  import('../features/dev-override/dev-override-banner').then((module) => ({
    default: module.DevOverrideBanner,
  })),
);

/** The page load's development overrides once resolved; none (and no banner code) for shoppers. */
function useDevOverrides(pending: Promise<ShellDevOverrides>): ShellDevOverrides {
  const [devOverrides, setDevOverrides] = useState(NO_DEV_OVERRIDES);
  useEffect(() => {
    let current = true;
    void pending.then((resolved) => {
      if (current) setDevOverrides(resolved);
    });
    return () => {
      current = false;
    };
  }, [pending]);
  return devOverrides;
}

/**
 * The page's route: by the registry's prefixes once read; before that, the server's first view
 * says which area (and partner) it drew. undefined while not known yet, null for no area.
 */
function useShellRoute(
  registry: RegistrySource,
  firstView: ShellRuntime['firstView'],
  pathname: string,
) {
  const areas = useSyncExternalStore(registry.subscribe, registry.areas);
  const route = useMemo((): ShellRoute | null | undefined => {
    if (areas.status === 'ready') return routeOf(pathname, areas.table);
    return firstView.routeFor(pathname);
  }, [areas, firstView, pathname]);
  return { route, registryFailed: areas.status === 'failed' };
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
function ShellLayout({
  runtime,
  pageViewLogged,
}: {
  runtime: ShellRuntime;
  pageViewLogged: string | null;
}) {
  const { store, api, queryClient, loader, analytics, config } = runtime;
  const location = useNavigationLocation(store);
  const { route, registryFailed } = useShellRoute(
    runtime.registry,
    runtime.firstView,
    location.pathname,
  );
  const href = createPath(location);

  const userQuery = useCurrentUser(api, wantsBalance(location.pathname));
  const devOverrides = useDevOverrides(runtime.devOverrides);
  const customizationQuery = useCustomization(api, route?.b2bKey ?? null);
  const customization = route?.b2bKey ? customizationQuery.data : null;
  const theme = useMemo(() => shellTheme(customization), [customization]);
  const [notify, notificationHolder] = useShellNotify(theme);

  const user = userQuery.data ?? null;
  // An operator area's files are fetched only once the API has said this visitor is an operator.
  const operatorArea = route ? OPERATOR_AREAS.includes(route.area) : false;
  const operatorAccess = useOperatorAccess(
    api,
    operatorArea,
    userQuery.isPending ? undefined : user,
    userQuery.isFetching,
  );
  useEffect(() => {
    if (user) analytics.identify(user.email);
  }, [user, analytics]);

  // The frame is on screen: a press on the server's frame before it is made again here.
  useEffect(() => {
    const root = document.getElementById('root');
    if (root) replayFramePresses(root);
  }, []);

  const userContext = useUserContext({
    user,
    loading: userQuery.isPending,
    api,
    queryClient,
    analytics,
    navigator: store.navigator,
    sessionId: runtime.sessionId,
    isEmailVisitor: runtime.isEmailVisitor,
  });

  usePageViewLog(
    href,
    !userQuery.isPending,
    runtime.logPageView,
    document.referrer,
    pageViewLogged,
  );

  useEffect(() => {
    const next = likelyNextArea(route, location.pathname);
    if (!next) return;
    // A first view waiting for the visitor fetches no area's code before they interact.
    const gate = runtime.firstView.loadAfter();
    if (gate) void gate.then(() => loader.preload(next));
    else loader.preload(next);
  }, [route, location.pathname, loader, runtime.firstView]);

  useEffect(() => {
    // The page the browser loaded stays where it is: on a first view that waited for the visitor,
    // they may have scrolled it before the shell started.
    if (location.key === 'default') return;
    // A new page starts at its top, with focus on it for screen-reader users.
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname, location.key]);

  const latestProps = useRef<BaseShellProps>(null as unknown as BaseShellProps);
  const NestedOutlet = useMemo(() => createNestedAreaOutlet(loader, latestProps), [loader]);
  const shellProps = useMemo<BaseShellProps>(
    () => ({
      contractVersion: SHELL_CONTRACT_VERSION,
      navigation: { location, navigator: store.navigator, basename: route?.basename ?? '' },
      queryClient,
      notify,
      userContext,
      track: analytics.track,
      theme,
      api,
      customization: route?.b2bKey ? customization : null,
      preloadArea: (area) => loader.preload(area),
      AreaOutlet: NestedOutlet,
    }),
    [
      location,
      store,
      route,
      queryClient,
      notify,
      userContext,
      analytics,
      theme,
      api,
      customization,
      loader,
      NestedOutlet,
    ],
  );
  latestProps.current = shellProps;

  const storefront = route?.b2bKey ? { basename: route.basename, customization } : null;
  const businessName =
    typeof customization?.businessName === 'string' ? customization.businessName : null;

  return (
    <>
      {notificationHolder}
      <ShellFrame
        theme={theme}
        storefront={storefront}
        location={location}
        navigator={store.navigator as Navigator}
        header={
          <Header
            pathname={location.pathname}
            userContext={userContext}
            api={api}
            storefront={storefront}
          />
        }
        footer={
          storefront ? <StorefrontFooter {...storefront} /> : <Footer businessName={businessName} />
        }
        top={
          <>
            {storefront && <StorefrontShellStyles />}
            {storefront && <PartnerHead customization={customization} />}
          </>
        }
        banner={
          devOverrides !== NO_DEV_OVERRIDES && (
            <Suspense fallback={null}>
              <DevOverrideBanner
                devOverrides={devOverrides}
                onReset={() => window.location.reload()}
              />
            </Suspense>
          )
        }
        after={
          showsShopperChat(route, location.pathname) && (
            <ChatWidget
              appId={config.chatAppId}
              api={api}
              user={user}
              userSettled={!userQuery.isPending}
              href={href}
            />
          )
        }
      >
        {route && operatorArea && operatorAccess !== 'granted' ? (
          operatorAccess === 'pending' ? (
            <AreaLoading />
          ) : (
            <NotFoundPage pathname={location.pathname} />
          )
        ) : route ? (
          <AreaOutlet
            key={`${route.area}:${route.basename}`}
            area={route.area}
            loader={loader}
            shellProps={shellProps}
            firstView={runtime.firstView.elementFor(route.area, location.pathname)}
            onFirstViewDone={runtime.firstView.discard}
            loadAfter={runtime.firstView.loadAfter()}
          />
        ) : route === null ? (
          <NotFoundPage pathname={location.pathname} />
        ) : registryFailed ? (
          <AreaFallback reason="unavailable" onRetry={runtime.registry.load} />
        ) : (
          <AreaLoading />
        )}
      </ShellFrame>
    </>
  );
}

/** `pageViewLogged`: the page whose view was logged before this render (a first view waiting for the visitor). */
export function ShellApp({
  runtime,
  pageViewLogged = null,
}: {
  runtime: ShellRuntime;
  pageViewLogged?: string | null;
}) {
  return (
    <QueryClientProvider client={runtime.queryClient}>
      <ShellLayout runtime={runtime} pageViewLogged={pageViewLogged} />
    </QueryClientProvider>
  );
}
