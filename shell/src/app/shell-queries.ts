// The requests the shell's first render asks for, started before that render.
import { customizationQueryOptions } from '@shop/shared/storefront/customization-query';
import { areaTableOf } from '@shop/shared/shell-contract/area-routes';
import { userQueryOptions } from '../features/user/user-query';
import { routeOf, wantsBalance } from './route-table';
import type { ShellRuntime } from './shell-runtime';

/**
 * Starts the requests the shell's first render will ask for (the visitor, and a partner's
 * customization), before that render: they are on the wire sooner, and the first request's setup
 * runs in its own task instead of inside the render's effects. Resolves once the visitor is known.
 */
export function prefetchShellQueries({
  api,
  queryClient,
  store,
  registry,
}: Pick<ShellRuntime, 'api' | 'queryClient' | 'store' | 'registry'>): Promise<void> {
  const { pathname } = store.getLocation();
  // The partner's key comes from the path's area, known once the registry is in.
  void registry.read().then(
    (live) => {
      const route = routeOf(pathname, areaTableOf(live));
      if (route?.b2bKey)
        void queryClient.prefetchQuery(
          customizationQueryOptions(api, route.b2bKey, { excludeProducts: true }),
        );
    },
    () => undefined,
  );
  return queryClient.prefetchQuery(userQueryOptions(api, wantsBalance(pathname)));
}
