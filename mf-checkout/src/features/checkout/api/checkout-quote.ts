// POST …/checkout/quote -> the server's pricing of the cart: every figure on the cart and checkout pages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '@shop/shared/contract/cart';
import { CHECKOUT_QUOTE_QUERY_KEY } from '@shop/shared/contract/cart-keys';
import type { CheckoutQuote, CheckoutQuoteBody } from '@shop/shared/contract/checkout';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export interface QuoteInput {
  items: readonly CartItem[];
  country: ShippingCountry;
  shipUpfront: boolean;
  discountCode: string | null;
  email?: string;
  businessKey?: string;
}

export async function fetchQuote(api: ApiClients, body: CheckoutQuoteBody): Promise<CheckoutQuote> {
  return (await api.payments.post<CheckoutQuote>(API_PATHS.checkoutQuote, body)).data;
}

export function checkoutQuoteQueryOptions(api: ApiClients, input: QuoteInput) {
  return queryOptions({
    queryKey: [...CHECKOUT_QUOTE_QUERY_KEY, input],
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

export function useCheckoutQuote(input: QuoteInput) {
  const { api } = useShell();
  return useQuery(checkoutQuoteQueryOptions(api, input));
}
