import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartItem } from '../contract/cart';
import type { ShippingCountry } from '../contract/common';
import { useShell } from '../federation/remote-root';
import { fetchQuote, fetchShippingCost } from './checkout-api';

export interface QuoteInput {
  items: readonly CartItem[];
  country: ShippingCountry;
  shipUpfront: boolean;
  discountCode: string | null;
  email?: string;
  businessKey?: string;
}

/** The server's pricing of the cart: every figure on the cart and checkout pages comes from here. */
export function useCheckoutQuote(input: QuoteInput) {
  const { api } = useShell();
  return useQuery({
    queryKey: ['checkout-quote', input],
    queryFn: () =>
      fetchQuote(api, {
        items: [...input.items],
        country: input.country,
        shipUpfront: input.shipUpfront,
        discountCode: input.discountCode,
        email: input.email || undefined,
        businessKey: input.businessKey,
      }),
    enabled: input.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Standard and ship-upfront shipping for the cart, for the shipping choice. */
export function useShippingOptions(items: readonly CartItem[], country: ShippingCountry) {
  const { api } = useShell();
  return useQuery({
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
