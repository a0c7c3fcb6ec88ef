import type { PartnerCustomizationProp, ThemeTokens } from '@shop/shared/shell-contract/shell-props';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import { isHexColor } from '@shop/shared/ui/main-page/color-contrast';

/** The same hex rule as the API's write-time validation and the storefront pages (3, 4, 6 or 8 digits). */
function colorOf(value: unknown): string | undefined {
  return isHexColor(value) ? value.trim() : undefined;
}

/** Brand #3cbab5, or on storefront routes the partner's own colours (validated: they come from a partner). */
export function shellTheme(customization: PartnerCustomizationProp | null | undefined): ThemeTokens {
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
