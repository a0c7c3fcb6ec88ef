// The partner's favicon and meta tags on storefront routes. Partner data only ever reaches the head
// through setAttribute calls or, in the server's HTML, escaped attribute values: an icon href that
// passed the image check, and name/content pairs from an allowlist of names. The tab title is the
// storefront area's, which knows its own pages.
import { useEffect } from 'react';
import { PARTNER_HEAD_ATTRIBUTE, SHOP_HEAD_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import {
  isSafeImageSrc,
  replaceProductName,
  safePartnerMetaTags,
} from '@shop/shared/rules/partner-rules';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';

export interface PartnerHead {
  favicon: string | null;
  metaTags: { name: string; content: string }[];
}

/** What the head shows on a storefront route; null while the customization loads or when there is no partner. */
export function partnerHead(
  customization: PartnerCustomizationProp | null | undefined,
): PartnerHead | null {
  if (!customization) return null;
  const name =
    typeof customization.businessName === 'string' && customization.businessName.trim()
      ? customization.businessName.trim()
      : customization.shopKey;
  return {
    favicon: isSafeImageSrc(customization.favicon) ? customization.favicon.trim() : null,
    metaTags: safePartnerMetaTags(customization.metaTags).map((tag) => ({
      ...tag,
      content: replaceProductName(tag.content, name),
    })),
  };
}

/** Every character that could end an attribute value or start markup is an entity. */
const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const NO_ICON = 'data:,';

/** The head as the server's HTML draws it, so the first view's tab is the partner's before any script runs. */
export function partnerHeadHtml(head: PartnerHead): string {
  // Without one of its own a partner's page shows no icon: never the shop's, which a browser would
  // otherwise fetch from /favicon.ico.
  const icon = `<link rel="icon" href="${escapeAttribute(head.favicon ?? NO_ICON)}" ${PARTNER_HEAD_ATTRIBUTE}="">`;
  const metas = head.metaTags.map(
    ({ name, content }) =>
      `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}" ${PARTNER_HEAD_ATTRIBUTE}="">`,
  );
  return icon + metas.join('');
}

/**
 * Puts back the head the server's page replaced with the partner's (its elements leave, the page's
 * own come out of their template), so the live shell's head and its undo start from the page's own.
 */
function adoptServerHead(doc: Document): void {
  for (const drawn of doc.head.querySelectorAll(`[${PARTNER_HEAD_ATTRIBUTE}]`)) drawn.remove();
  for (const template of doc.head.querySelectorAll<HTMLTemplateElement>(
    `template[${SHOP_HEAD_ATTRIBUTE}]`,
  )) {
    template.replaceWith(template.content);
  }
}

/** Applies the head and returns how to put the page's own head back. */
export function applyPartnerHead(doc: Document, head: PartnerHead): () => void {
  const undo: (() => void)[] = [];
  adoptServerHead(doc);

  // A partner's shop never shows the shop's own icon: it goes while the storefront shows.
  const ownIcons = [...doc.head.querySelectorAll('link')].filter((link) =>
    /(^|\s)icon(\s|$)/i.test(link.getAttribute('rel') ?? ''),
  );
  for (const icon of ownIcons) {
    const { parentNode, nextSibling } = icon;
    icon.remove();
    undo.push(() => parentNode?.insertBefore(icon, nextSibling));
  }

  if (head.favicon) {
    const icon = doc.createElement('link');
    icon.setAttribute('rel', 'icon');
    icon.setAttribute('href', head.favicon);
    icon.setAttribute(PARTNER_HEAD_ATTRIBUTE, '');
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
      meta.setAttribute(PARTNER_HEAD_ATTRIBUTE, '');
      doc.head.appendChild(meta);
      undo.push(() => meta.remove());
    }
  }
  return () => undo.reverse().forEach((step) => step());
}

/** Keeps the head on the partner's while a storefront route shows, and restores it afterwards. */
export function usePartnerHead(customization: PartnerCustomizationProp | null | undefined) {
  const head = partnerHead(customization);
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!key) return undefined;
    return applyPartnerHead(document, JSON.parse(key) as PartnerHead);
  }, [key]);
}
