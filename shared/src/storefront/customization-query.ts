// GET /api/v1/customization/{shopKey}: one query definition for the shell (header, theme, head tags)
// and the storefront area (page states, products), so both observe the same cache entry.
import { queryOptions } from '@tanstack/react-query';
import { buildPath, FIRST_VIEW_PATHS } from '../contract/first-view-paths';
import {
  CUSTOMIZATION_QUERY_KEY,
  type ApiClients,
  type PartnerCustomizationProp,
} from '../shell-contract/shell-props';

/** A storefront's customization is cached on the client for 10 minutes: a partner's edit shows within that. */
export const CUSTOMIZATION_CACHE_MS = 10 * 60_000;

/** The HTTP status the API answers for a shop key without a customization. */
export const CUSTOMIZATION_NOT_FOUND_STATUS = 404;

export async function fetchCustomization(
  api: Pick<ApiClients, 'content'>,
  shopKey: string,
  { excludeProducts }: { excludeProducts: boolean },
): Promise<PartnerCustomizationProp | null> {
  try {
    const response = await api.content.get<Record<string, unknown> | null>(
      buildPath(FIRST_VIEW_PATHS.customization, { shopKey }),
      {
        params: { excludeProducts },
      },
    );
    return response.data && typeof response.data === 'object'
      ? { ...response.data, shopKey }
      : null;
  } catch (error) {
    if (
      (error as { response?: { status?: number } }).response?.status ===
      CUSTOMIZATION_NOT_FOUND_STATUS
    )
      return null;
    throw error;
  }
}

/**
 * undefined while loading, null when the partner does not exist. Kept (gcTime) as long as it is
 * fresh, so leaving the storefront and coming back within 10 minutes makes no request.
 */
/** An API answer refusing the request itself (4xx): asking again gets the same answer. */
function isClientError(error: unknown): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return status !== undefined && status >= 400 && status < 500;
}

export function customizationQueryOptions(
  api: Pick<ApiClients, 'content'>,
  shopKey: string,
  { excludeProducts }: { excludeProducts: boolean },
) {
  return queryOptions({
    queryKey: [...CUSTOMIZATION_QUERY_KEY, shopKey, { excludeProducts }],
    queryFn: () => fetchCustomization(api, shopKey, { excludeProducts }),
    staleTime: CUSTOMIZATION_CACHE_MS,
    gcTime: CUSTOMIZATION_CACHE_MS,
    // A missing partner or a malformed key is an answer, not a failure: no retries for a 4xx.
    retry: (failures, error) => failures < 2 && !isClientError(error),
  });
}

/** The shop key of a storefront basename such as '/shop/acme-wellness'. */
export function shopKeyFromBasename(basename: string): string | null {
  const match = /^\/shop\/([^/]+)$/.exec(basename);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
