// A partner's theme tokens: brand #3cbab5, or the partner's own colours, each validated as hex
// (they come from a partner). The browser shell hands these to every area on storefront routes,
// and a storefront's server render uses the same, so its first view matches the live page.
import type { PartnerCustomizationProp, ThemeTokens } from '../shell-contract/shell-props';
import { defaultThemeTokens } from '../federation/antd-theme';
import { hexColorOr } from '../rules/hex-color';

// The same hex rule as the API's write-time validation and the storefront pages.
const colorOf = (value: unknown): string | undefined => hexColorOr(value, undefined);

export function partnerThemeTokens(
  customization: PartnerCustomizationProp | null | undefined,
): ThemeTokens {
  const base = defaultThemeTokens(colorOf(customization?.primaryColor));
  if (!customization) return base;
  return {
    ...base,
    barColor: colorOf(customization.barColor),
    footerColor: colorOf(customization.footerColor),
    section1Color: colorOf(customization.section1Color),
    section2Color: colorOf(customization.section2Color),
    bannerColor: colorOf(customization.bannerColor),
    bannerBGColor: colorOf(customization.bannerBGColor),
  };
}
