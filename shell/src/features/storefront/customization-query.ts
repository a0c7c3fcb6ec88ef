// GET /api/v1/customization/{shopKey}: the partner's branding for storefront routes, cached 10 minutes.
import { useQuery } from '@tanstack/react-query';
import type { ApiClients, PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';
import { CUSTOMIZATION_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';

export const CUSTOMIZATION_STALE_TIME_MS = 10 * 60_000;

export async function fetchCustomization(api: ApiClients, shopKey: string): Promise<PartnerCustomizationProp | null> {
  try {
    const response = await api.content.get(`/api/v1/customization/${encodeURIComponent(shopKey)}`, { params: { excludeProducts: true } });
    const data = response.data as Record<string, unknown> | null;
    const customization = (data && typeof data.customization === 'object' ? data.customization : data) as Record<string, unknown> | null;
    return customization ? { ...customization, shopKey } : null;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return null;
    throw error;
  }
}

/** undefined while loading, null when the partner does not exist. */
export function useCustomization(api: ApiClients, shopKey: string | null) {
  return useQuery({
    queryKey: [...CUSTOMIZATION_QUERY_KEY, shopKey, { excludeProducts: true }],
    queryFn: () => fetchCustomization(api, shopKey as string),
    enabled: shopKey !== null,
    staleTime: CUSTOMIZATION_STALE_TIME_MS,
  });
}
