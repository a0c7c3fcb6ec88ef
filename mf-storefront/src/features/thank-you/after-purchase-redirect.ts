import { isHttpUrl } from '@shop/shared/rules/safe-redirect';

export interface RedirectAfterPurchase {
  url: string;
  /** Offer keys; empty means any purchase. */
  productKeys?: readonly string[];
}

/**
 * Where the thank-you page sends a shopper after a paid storefront order (customization field
 * redirectAfterPurchase): the first entry whose product keys meet the order's (or that lists
 * none), and only when it is an http(s) URL. Anything malformed is skipped, never followed.
 */
export function afterPurchaseTarget(
  entries: unknown,
  purchasedKeys: readonly string[],
): string | null {
  if (!Array.isArray(entries)) return null;
  const bought = new Set(purchasedKeys);
  for (const entry of entries as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const { url, productKeys } = entry as { url?: unknown; productKeys?: unknown };
    if (!isHttpUrl(url)) continue;
    const keys = Array.isArray(productKeys)
      ? productKeys.filter((key): key is string => typeof key === 'string')
      : [];
    if (keys.length === 0 || keys.some((key) => bought.has(key))) return new URL(url).href;
  }
  return null;
}
