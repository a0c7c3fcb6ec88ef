// GET /api/mini-panel-upgrade (content API), query lookupKeys as JSON; null when there is no offer or it was bought.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export interface MiniPanelUpgradeOffer {
  miniPanelUpgrade: { title?: string; description?: string; unitAmount?: number; priceId?: string } | null;
}

export async function fetchMiniPanelUpgrade(api: ApiClients, lookupKeys: string[]): Promise<MiniPanelUpgradeOffer | null> {
  const response = await api.content.get<MiniPanelUpgradeOffer | null>('/api/mini-panel-upgrade', {
    params: { lookupKeys: JSON.stringify(lookupKeys) },
  });
  return response.data ?? null;
}

export function miniPanelUpgradeQueryOptions(api: ApiClients, lookupKeys: string[]) {
  return queryOptions({
    queryKey: ['upgrades', 'mini-panel', lookupKeys],
    queryFn: () => fetchMiniPanelUpgrade(api, lookupKeys),
    enabled: lookupKeys.length > 0,
    retry: false,
  });
}

export function useMiniPanelUpgrade(lookupKeys: string[]) {
  const { api } = useShell();
  return useQuery(miniPanelUpgradeQueryOptions(api, lookupKeys));
}
