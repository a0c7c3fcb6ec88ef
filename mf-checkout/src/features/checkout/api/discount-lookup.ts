// GET …/discounts/{code}?businessKey&email (payments), or on a partner storefront
// GET /api/v1/discounts/{code}?b2bKey&email (content) -> the discount or null.
import type { Discount } from '@shop/shared/contract/discounts';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

/** How long a lookup may take before checkout carries on without it. */
export const DISCOUNT_LOOKUP_TIMEOUT_MS = 5_000;

/** The discount or null; a failed or slow lookup is null too, so it never blocks checkout. */
export async function lookupDiscount(
  api: ApiClients,
  code: string,
  {
    businessKey,
    email,
    timeoutMs = DISCOUNT_LOOKUP_TIMEOUT_MS,
  }: { businessKey?: string; email?: string; timeoutMs?: number },
): Promise<Discount | null> {
  try {
    const request = { timeout: timeoutMs };
    const response = businessKey
      ? await api.content.get<Discount | null>(buildPath(API_PATHS.storefrontDiscount, { code }), {
          ...request,
          params: { b2bKey: businessKey, email: email || undefined },
        })
      : await api.payments.get<Discount | null>(buildPath(API_PATHS.discount, { code }), {
          ...request,
          params: { email: email || undefined },
        });
    return response.data ?? null;
  } catch {
    return null;
  }
}
