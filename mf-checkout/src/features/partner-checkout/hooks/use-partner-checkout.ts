// The partner a storefront mounted this area for, or null on the shop's own pages.
import { useMemo } from 'react';
import {
  partnerCheckoutAreaPropsSchema,
  type PartnerCheckout,
} from '@shop/shared/contract/partner-checkout';
import { isHttpUrl } from '@shop/shared/rules/safe-redirect';
import { useShell } from '@shop/shared/federation/remote-root';

export function usePartnerCheckout(): PartnerCheckout | null {
  const shell = useShell() as unknown as Record<string, unknown>;
  const raw = shell.partnerCheckout;
  return useMemo(() => {
    const parsed = partnerCheckoutAreaPropsSchema.safeParse({ partnerCheckout: raw });
    return parsed.success ? parsed.data.partnerCheckout : null;
  }, [raw]);
}

/** Lines titled as the partner sells them (the server's quote and orders carry the shop's titles). */
export function withPartnerTitles<Line extends { lookupKey: string; title: string }>(
  partner: PartnerCheckout,
  lines: readonly Line[],
): Line[] {
  const titles = new Map(partner.offers.map((offer) => [offer.lookupKey, offer.title]));
  return lines.map((line) => ({ ...line, title: titles.get(line.lookupKey) ?? line.title }));
}

/** Where a paid order goes next: the first rule that lists none of its keys or one of them, and only to http(s). */
export function afterPurchaseTarget(
  partner: PartnerCheckout,
  boughtLookupKeys: readonly string[],
): string | null {
  const bought = new Set(boughtLookupKeys);
  const rule = partner.afterPurchase.find(
    (entry) =>
      isHttpUrl(entry.url) &&
      (entry.lookupKeys.length === 0 || entry.lookupKeys.some((key) => bought.has(key))),
  );
  return rule ? new URL(rule.url).href : null;
}
