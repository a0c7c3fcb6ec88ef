// GET /user/management-portal/subscriptions/:id/interval?lookupKey= -> what the change costs now and
// at the next renewal, shown before the subscriber confirms it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  intervalChangePreviewSchema,
  type IntervalChangePreview,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { subscriptionQueryKey } from './subscription';

export async function fetchIntervalPreview(
  api: ApiClients,
  id: string,
  lookupKey: string,
  signal?: AbortSignal,
): Promise<IntervalChangePreview> {
  const data = await callApi(() =>
    api.connect.get<unknown>(buildPath(API_PATHS.accountSubscriptionInterval, { id }), {
      params: { lookupKey },
      signal,
    }),
  );
  return intervalChangePreviewSchema.parse(data);
}

export function intervalPreviewQueryOptions(api: ApiClients, id: string, lookupKey: string | null) {
  return queryOptions<IntervalChangePreview, ApiError>({
    queryKey: [...subscriptionQueryKey(id), 'interval-preview', lookupKey],
    queryFn: ({ signal }) => fetchIntervalPreview(api, id, lookupKey!, signal),
    enabled: lookupKey !== null,
    retry: false,
    // A price can move: each opening of the step asks again.
    staleTime: 0,
    gcTime: 0,
  });
}

/** The preview for `lookupKey`, or nothing until an interval is chosen. */
export function useIntervalPreview(id: string, lookupKey: string | null) {
  const { api } = useShell();
  return useQuery(intervalPreviewQueryOptions(api, id, lookupKey));
}
