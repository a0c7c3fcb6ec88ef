// What every subscriber change has in common: it answers the subscription as it now is, which
// replaces the cached one; the list and the history are asked for again.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { buildPath } from '@shop/shared/contract/paths';
import {
  subscriptionDetailSchema,
  type SubscriptionDetail,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { callApi } from '../../shared/api/call-api';
import { subscriptionQueryKey } from './subscription';
import { SUBSCRIPTIONS_QUERY_KEY } from './subscriptions';

/** Sends one change to `path` (a subscription route with :id) and reads the answer. */
export async function sendSubscriptionChange(
  api: ApiClients,
  method: 'post' | 'put' | 'delete',
  path: string,
  id: string,
  body?: object,
): Promise<SubscriptionDetail> {
  const url = buildPath(path, { id });
  const data = await callApi(() =>
    method === 'delete'
      ? api.connect.delete<unknown>(url)
      : api.connect[method]<unknown>(url, body ?? {}),
  );
  return subscriptionDetailSchema.parse(data);
}

export function useSubscriptionChange<TInput>(
  options: UseMutationOptions<SubscriptionDetail, ApiError, TInput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQueryKey(subscription.id), subscription);
      void queryClient.invalidateQueries({
        queryKey: [...subscriptionQueryKey(subscription.id), 'history'],
      });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY, exact: true });
    },
  });
}
