// GET /api/v1/ops/subscriptions?q&status&cursor -> { subscriptions, nextCursor }: newest first,
// one page per cursor.
import { queryOptions } from '@tanstack/react-query';
import { opsSubscriptionListSchema, type OpsSubscriptionList } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { useCursorPages } from '../../shared/api/use-cursor-pages';

export type SubscriptionSummary = OpsSubscriptionList['subscriptions'][number];

/** How many subscriptions a page holds. */
export const SUBSCRIPTION_PAGE_SIZE = 25;

export const SUBSCRIPTION_LISTS_KEY = ['ops', 'subscriptions', 'list'] as const;

export function fetchSubscriptionPage(
  api: ApiClients,
  query: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OpsSubscriptionList> {
  const params = {
    ...query,
    limit: String(SUBSCRIPTION_PAGE_SIZE),
    ...(cursor ? { cursor } : {}),
  };
  return opsCall(
    () => api.content.get(API_PATHS.opsSubscriptions, { params, signal }),
    opsSubscriptionListSchema,
  );
}

export function subscriptionPageQueryOptions(
  api: ApiClients,
  query: Record<string, string>,
  cursor: string | null,
) {
  return queryOptions<OpsSubscriptionList, ApiError>({
    queryKey: [...SUBSCRIPTION_LISTS_KEY, query, cursor],
    queryFn: ({ signal }) => fetchSubscriptionPage(api, query, cursor, signal),
    staleTime: 0,
  });
}

/** The subscriptions for these API filters, newest first, older pages on request. */
export function useSubscriptionList(query: Record<string, string>) {
  const { api } = useShell();
  return useCursorPages(
    query,
    (cursor) => subscriptionPageQueryOptions(api, query, cursor),
    (page) => page.subscriptions,
  );
}
