import type { PartnerCustomizationProp, ThemeTokens } from '@shop/shared/shell-contract/shell-props';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function colorOf(value: unknown): string | undefined {
  return typeof value === 'string' && HEX_COLOR.test(value.trim()) ? value.trim() : undefined;
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
