// The tab title of each storefront page, "<page> | <partner>": this area knows its pages; the shell
// puts the partner's icon and meta tags in the head.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import type {
  PartnerCustomizationProp,
  ThemeTokens,
} from '@shop/shared/shell-contract/shell-props';
import { pricingModeView } from '../features/offers/model/pricing-variants';
import { partnerView } from '@shop/shared/storefront/partner-view';

/** By path inside the storefront (after /shop/<key>/). */
const PAGE_NAMES: Record<string, string> = {
  '': 'At-home blood tests',
  pricing: 'Tests and pricing',
  'pricing/one-time': 'One-time tests',
  'pricing/add-ons': 'Add-ons',
  'pricing/monthly': 'Monthly plans',
  'pricing/quarterly': 'Quarterly plans',
  'pricing/annual': 'Annual plans',
  checkout: 'Checkout',
  'checkout/thank-you': 'Thank you',
  'shopping-cart': 'Your cart',
};

/** The title for a page of the storefront; null while the customization loads. */
export function storefrontPageTitle(
  page: string,
  customization: PartnerCustomizationProp | null | undefined,
  theme: ThemeTokens,
): string | null {
  if (customization === undefined) return null;
  if (customization === null) return 'Not found';
  const name = partnerView(customization, theme).businessName;
  let path = page.replace(/^\/+|\/+$/g, '');
  // /pricing shows the variant a partner's pricingMode names, and is titled for it.
  const mode = pricingModeView(customization.pricingMode);
  if (path === 'pricing' && mode.kind === 'variant') path = `pricing/${mode.id}`;
  return `${PAGE_NAMES[path] ?? 'Shop'} | ${name}`;
}

/** Keeps the tab title on the current page's, and puts the previous one back when the area leaves. */
export function useStorefrontPageTitle(): void {
  const { customization, theme } = useShell();
  const title = storefrontPageTitle(useLocation().pathname, customization, theme);
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
