// GET /api/v1/ops/clock -> the shop clock's now (moved forward outside production), by which the
// API judges dates an operator picks.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsClockSchema } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from './ops-call';

type ShopClock = ReturnType<typeof opsClockSchema.parse>;

export function fetchShopClock(api: ApiClients, signal?: AbortSignal): Promise<ShopClock> {
  return opsCall(() => api.content.get(API_PATHS.opsClock, { signal }), opsClockSchema);
}

export function shopClockQueryOptions(api: ApiClients) {
  return queryOptions<ShopClock, ApiError>({
    queryKey: ['ops', 'clock'],
    queryFn: ({ signal }) => fetchShopClock(api, signal),
    staleTime: 0,
  });
}

export function useShopClock() {
  const { api } = useShell();
  return useQuery(shopClockQueryOptions(api));
}
