import { useCallback, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  ApiClients,
  CurrentUser,
  ShellNavigator,
  UserContext,
} from '@shop/shared/shell-contract/shell-props';
import { USER_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';
import type { ShellAnalytics } from '../analytics/analytics';

export function useUserContext(opts: {
  user: CurrentUser | null | undefined;
  loading: boolean;
  api: ApiClients;
  queryClient: QueryClient;
  analytics: ShellAnalytics;
  navigator: ShellNavigator;
  sessionId: string;
  isEmailVisitor: boolean;
}): UserContext {
  const { user, loading, api, queryClient, analytics, navigator, sessionId, isEmailVisitor } = opts;
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    [queryClient],
  );
  const logout = useCallback(async () => {
    // Logging out resets analytics, ends the session, then goes to '/' (also when the call fails).
    analytics.reset();
    try {
      await api.connect.post('/auth2/logout');
    } finally {
      queryClient.setQueriesData({ queryKey: USER_QUERY_KEY }, null);
      navigator.push('/');
    }
  }, [analytics, api, queryClient, navigator]);
  return useMemo(
    () => ({ user: user ?? null, loading, refresh, logout, sessionId, isEmailVisitor }),
    [user, loading, refresh, logout, sessionId, isEmailVisitor],
  );
}
