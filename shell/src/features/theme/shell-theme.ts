import type {
  PartnerCustomizationProp,
  ThemeTokens,
} from '@shop/shared/shell-contract/shell-props';
import { partnerThemeTokens } from '@shop/shared/storefront/partner-theme';

/**
 * Brand #3cbab5, or on storefront routes the partner's own colours (validated: they come from a
 * partner). One rule with the storefront's server render (partner-theme.ts).
 */
export function shellTheme(
  customization: PartnerCustomizationProp | null | undefined,
): ThemeTokens {
  return partnerThemeTokens(customization);
}
