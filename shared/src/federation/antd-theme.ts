// Turns the contract's theme tokens into an antd theme, the same way in the shell and in every remote.
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { BREAKPOINTS, BRAND_COLOR, type ThemeTokens } from '../shell-contract/shell-props';
import { readableTextOn } from '../rules/color-contrast';

export const NOTIFICATION_WIDTH = 384;

/** antd's own error red (#ff4d4f) is 3.6:1 on white; this one reads at 6.6:1 (WCAG AA is 4.5:1). */
export const ACCESSIBLE_ERROR_COLOR = '#b42318';

export function defaultThemeTokens(primaryColor: string = BRAND_COLOR): ThemeTokens {
  return {
    primaryColor,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    borderRadius: 8,
    breakpoints: BREAKPOINTS,
  };
}

export function toAntdTheme(tokens: ThemeTokens): ThemeConfig {
  const bp = tokens.breakpoints;
  return {
    token: {
      colorPrimary: tokens.primaryColor,
      // Text on primary buttons: white on the brand teal is 2.4:1, so dark or white by contrast.
      colorTextLightSolid: readableTextOn(tokens.primaryColor),
      colorLink: tokens.primaryColor,
      colorInfo: tokens.primaryColor,
      // Form messages, required marks and danger text in every area, whatever the brand colour.
      colorError: ACCESSIBLE_ERROR_COLOR,
      colorErrorText: ACCESSIBLE_ERROR_COLOR,
      fontFamily: tokens.fontFamily,
      borderRadius: tokens.borderRadius,
      // antd's grid reads these; the spec's 767/800/1024 steps stay available in tokens.breakpoints.
      screenSM: bp.xs,
      screenSMMin: bp.xs,
      screenMD: bp.sm + 1,
      screenMDMin: bp.sm + 1,
      screenLG: bp.lg,
      screenLGMin: bp.lg,
      screenXL: bp.xxl,
      screenXLMin: bp.xxl,
      screenXXL: bp.xxxl,
      screenXXLMin: bp.xxxl,
    },
    components: {
      Notification: { width: NOTIFICATION_WIDTH },
    },
  };
}
