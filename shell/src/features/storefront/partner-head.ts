// The partner's favicon, document title and meta tags on storefront routes (spec issue 8). Partner
// data only ever reaches the head through setAttribute/textContent-free DOM calls: a title string,
// an icon href that passed the image check, and name/content pairs from an allowlist of names.
import { useEffect } from 'react';
import {
  isSafeImageSrc,
  replaceProductName,
  safePartnerMetaTags,
} from '@shop/shared/rules/partner-rules';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';

export interface PartnerHead {
  title: string;
  favicon: string | null;
  metaTags: { name: string; content: string }[];
}

const PAGE_NAMES: Record<string, string> = {
  '/shop/:b2bKey': 'At-home blood tests',
  '/shop/:b2bKey/pricing': 'Tests and pricing',
  '/shop/:b2bKey/pricing/one-time': 'One-time tests',
  '/shop/:b2bKey/pricing/add-ons': 'Add-ons',
  '/shop/:b2bKey/pricing/monthly': 'Monthly plans',
  '/shop/:b2bKey/pricing/quarterly': 'Quarterly plans',
  '/shop/:b2bKey/pricing/annual': 'Annual plans',
  '/shop/:b2bKey/checkout': 'Checkout',
  '/shop/:b2bKey/checkout/thank-you': 'Thank you',
  '/shop/:b2bKey/shopping-cart': 'Your cart',
};

/** What the head shows for a storefront route; null while the customization loads. */
export function partnerHead(
  customization: PartnerCustomizationProp | null | undefined,
  routePattern: string,
): PartnerHead | null {
  if (customization === undefined) return null;
  if (customization === null) return { title: 'Not found', favicon: null, metaTags: [] };
  const name =
    typeof customization.businessName === 'string' && customization.businessName.trim()
      ? customization.businessName.trim()
      : customization.shopKey;
  return {
    title: `${PAGE_NAMES[routePattern] ?? 'Shop'} | ${name}`,
    favicon: isSafeImageSrc(customization.favicon) ? customization.favicon.trim() : null,
    metaTags: safePartnerMetaTags(customization.metaTags).map((tag) => ({
      ...tag,
      content: replaceProductName(tag.content, name),
    })),
  };
}

/** Applies the head and returns how to put the page's own head back. */
export function applyPartnerHead(doc: Document, head: PartnerHead): () => void {
  const undo: (() => void)[] = [];
  const title = doc.title;
  doc.title = head.title;
  undo.push(() => {
    doc.title = title;
  });

  if (head.favicon) {
    const icon = doc.createElement('link');
    icon.setAttribute('rel', 'icon');
    icon.setAttribute('href', head.favicon);
    icon.setAttribute('data-partner-head', '');
    // Browsers take the last icon link, so this one wins over any the page has.
    doc.head.appendChild(icon);
    undo.push(() => icon.remove());
  }

  for (const { name, content } of head.metaTags) {
    // Compared by attribute, never by a selector built from partner text.
    const existing = [...doc.head.querySelectorAll('meta')].find(
      (meta) => meta.getAttribute('name') === name,
    );
    if (existing) {
      const previous = existing.getAttribute('content');
      existing.setAttribute('content', content);
      undo.push(() =>
        previous === null
          ? existing.removeAttribute('content')
          : existing.setAttribute('content', previous),
      );
    } else {
      const meta = doc.createElement('meta');
      meta.setAttribute('name', name);
      meta.setAttribute('content', content);
      meta.setAttribute('data-partner-head', '');
      doc.head.appendChild(meta);
      undo.push(() => meta.remove());
    }
  }
  return () => undo.reverse().forEach((step) => step());
}

/** Keeps the head on the partner's while a storefront route shows, and restores it afterwards. */
export function usePartnerHead(
  customization: PartnerCustomizationProp | null | undefined,
  routePattern: string | null,
) {
  const head = routePattern ? partnerHead(customization, routePattern) : null;
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!key) return undefined;
    return applyPartnerHead(document, JSON.parse(key) as PartnerHead);
  }, [key]);
}
