import type {
  PartnerCustomizationProp,
  ThemeTokens,
} from '@shop/shared/shell-contract/shell-props';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import { hexColorOr } from '@shop/shared/rules/hex-color';

// The same hex rule as the API's write-time validation and the storefront pages.
const colorOf = (value: unknown): string | undefined => hexColorOr(value, undefined);

/** Brand #3cbab5, or on storefront routes the partner's own colours (validated: they come from a partner). */
export function shellTheme(
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
