// GET …/checkout/shipping-cost?country&lookupKeys&currency&consolidated -> { shippingCost } in cents.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '@shop/shared/contract/cart';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

/** One key per kit, as the shipping-cost call counts kits by the keys it is given. */
export function shippingLookupKeys(items: readonly CartItem[]): string {
  return items
    .flatMap((item) => Array.from({ length: item.quantity }, () => item.lookupKey))
    .join(',');
}

export async function fetchShippingCost(
  api: ApiClients,
  query: {
    country: string;
    items: readonly CartItem[];
    consolidated: boolean;
    currency?: 'usd' | 'cad';
  },
): Promise<number> {
  const response = await api.payments.get<{ shippingCost: number }>(API_PATHS.shippingCost, {
    params: {
      country: query.country,
      lookupKeys: shippingLookupKeys(query.items),
      currency: query.currency ?? 'usd',
      consolidated: query.consolidated ? 1 : 0,
    },
  });
  return response.data.shippingCost;
}

/** Standard and ship-upfront shipping for the cart, for the shipping choice. */
export function shippingOptionsQueryOptions(
  api: ApiClients,
  items: readonly CartItem[],
  country: ShippingCountry,
) {
  return queryOptions({
    queryKey: ['shipping-options', items, country],
    queryFn: async () => {
      const [standard, upfront] = await Promise.all([
        fetchShippingCost(api, { country, items, consolidated: false }),
        fetchShippingCost(api, { country, items, consolidated: true }),
      ]);
      return { standard, upfront };
    },
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useShippingOptions(items: readonly CartItem[], country: ShippingCountry) {
  const { api } = useShell();
  return useQuery(shippingOptionsQueryOptions(api, items, country));
}
