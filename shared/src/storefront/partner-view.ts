// A partner's customization as pages use it (the storefront's, and the operator console's preview):
// text with the product name replaced, images and links only when safe, colours checked as hex.
import { isHttpUrl } from '../rules/safe-redirect';
import { isSafeImageSrc, replaceProductName } from '../rules/partner-rules';
import {
  BRAND_COLOR,
  type PartnerCustomizationProp,
  type ThemeTokens,
} from '../shell-contract/shell-props';
import { hexColorOr } from '../rules/hex-color';
import type { PartnerImage } from '../contract/partner-main-page';

/** The partner's colours, each a valid hex colour or null (primary falls back to the brand). */
export interface PartnerColors {
  primary: string;
  bar: string | null;
  footer: string | null;
  section1: string | null;
  section2: string | null;
  banner: string | null;
  bannerBackground: string | null;
}

export interface Partner {
  shopKey: string;
  businessName: string;
  colors: PartnerColors;
  customization: PartnerCustomizationProp;
  /** The partner's text (product name replaced), or the fallback when it is missing or blank. */
  text(value: unknown, fallback: string): string;
  /** The partner's text (product name replaced), or null. */
  optionalText(value: unknown): string | null;
  /** Our own copy with the product name replaced. */
  brand(copy: string): string;
  image(value: unknown, alt: string): PartnerImage | null;
  /** An http(s) link, or null: javascript:, data: and relative links are never followed. */
  link(value: unknown): string | null;
  list(value: unknown): string[];
}

const nonBlank = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

const hex = (value: unknown): string | null => hexColorOr(value, null);

export function partnerView(customization: PartnerCustomizationProp, theme: ThemeTokens): Partner {
  const businessName = nonBlank(customization.businessName)?.trim() ?? customization.shopKey;
  const brand = (copy: string) => replaceProductName(copy, businessName);
  const c = customization;
  return {
    shopKey: customization.shopKey,
    businessName,
    // Checked again here: a colour only ever reaches a style as a hex value.
    colors: {
      primary: hex(c.primaryColor) ?? hex(theme.primaryColor) ?? BRAND_COLOR,
      bar: hex(c.barColor),
      footer: hex(c.footerColor),
      section1: hex(c.section1Color),
      section2: hex(c.section2Color),
      banner: hex(c.bannerColor),
      bannerBackground: hex(c.bannerBGColor),
    },
    customization,
    brand,
    text: (value, fallback) => brand(nonBlank(value) ?? fallback),
    optionalText: (value) => {
      const text = nonBlank(value);
      return text === null ? null : brand(text);
    },
    image: (value, alt) => (isSafeImageSrc(value) ? { src: value.trim(), alt } : null),
    link: (value) => (isHttpUrl(value) ? value.trim() : null),
    list: (value) =>
      Array.isArray(value)
        ? value
            .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
            .map(brand)
        : [],
  };
}
