// GET and PUT /api/v1/ops/settings/subscriptions -> how dunning ends, its retry days, and the
// renewal reminder's lead time.
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { subscriptionSettingsSchema, type SubscriptionSettings } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export const SUBSCRIPTION_SETTINGS_KEY = ['ops', 'subscriptions', 'settings'] as const;

export function fetchSubscriptionSettings(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<SubscriptionSettings> {
  return opsCall(
    () => api.content.get(API_PATHS.opsSubscriptionSettings, { signal }),
    subscriptionSettingsSchema,
  );
}

export function subscriptionSettingsQueryOptions(api: ApiClients) {
  return queryOptions<SubscriptionSettings, ApiError>({
    queryKey: SUBSCRIPTION_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchSubscriptionSettings(api, signal),
    staleTime: 0,
  });
}

export function useSubscriptionSettings() {
  const { api } = useShell();
  return useQuery(subscriptionSettingsQueryOptions(api));
}

export function saveSubscriptionSettings(
  api: ApiClients,
  settings: SubscriptionSettings,
): Promise<SubscriptionSettings> {
  return opsCall(
    () => api.content.put(API_PATHS.opsSubscriptionSettings, settings),
    subscriptionSettingsSchema,
  );
}

export function saveSettingsMutationOptions(api: ApiClients) {
  return mutationOptions<SubscriptionSettings, ApiError, SubscriptionSettings>({
    mutationKey: ['ops', 'subscriptions', 'settings', 'save'],
    mutationFn: (settings) => saveSubscriptionSettings(api, settings),
  });
}

export function useSaveSubscriptionSettings() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...saveSettingsMutationOptions(api),
    onSuccess: (saved) => queryClient.setQueryData(SUBSCRIPTION_SETTINGS_KEY, saved),
  });
}
