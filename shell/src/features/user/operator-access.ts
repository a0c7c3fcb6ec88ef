// Whether the visitor may see an operator-only area. The API decides from the session: its operator
// session call answers 404 to anyone else, exactly like an unknown path. Asked only on such an
// area's paths and only for a signed-in visitor, so shopper pages never call an operator route.
import { useQuery } from '@tanstack/react-query';
import type { ApiClients, CurrentUser } from '@shop/shared/shell-contract/shell-props';

export type OperatorAccess = 'pending' | 'granted' | 'refused';

/**
 * `needed`: the page is an operator area's; `user`: the settled visitor (undefined while loading);
 * `refreshing`: the visitor is being read again (just signed in), so "nobody" is not final yet.
 */
export function useOperatorAccess(
  api: ApiClients,
  needed: boolean,
  user: CurrentUser | null | undefined,
  refreshing = false,
): OperatorAccess {
  const asked = needed && Boolean(user);
  const query = useQuery({
    // Per account: signing in or out as someone else asks again.
    queryKey: ['ops', 'session', user?.email ?? null],
    // Its own chunk: the API's path table stays out of every shopper's first load.
    queryFn: () => import('./operator-session').then((module) => module.isOperator(api)),
    enabled: asked,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  if (!needed) return 'refused';
  if (user === undefined) return 'pending';
  if (!asked) return refreshing ? 'pending' : 'refused';
  if (query.isPending) return 'pending';
  // A failed check (network, 5xx) shows the not-found page too: nothing is fetched on a guess.
  return query.data === true ? 'granted' : 'refused';
}
