// The shell's read of the partner customization (light: without products), through the one query
// definition the storefront area observes too. Cached 10 minutes.
import { useQuery } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { customizationQueryOptions } from '@shop/shared/storefront/customization-query';

/** undefined while loading (or failed), null when the partner does not exist. */
export function useCustomization(api: ApiClients, shopKey: string | null) {
  return useQuery({
    ...customizationQueryOptions(api, shopKey ?? '', { excludeProducts: true }),
    enabled: shopKey !== null,
  });
}
