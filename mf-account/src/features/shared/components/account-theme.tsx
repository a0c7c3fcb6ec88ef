import { useMemo, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { useShell } from '@shop/shared/federation/remote-root';
import { readableTextOn } from '@shop/shared/rules/color-contrast';

/** Text colours that keep WCAG AA (4.5:1) on white; antd's defaults for these are lighter. */
const READABLE = {
  link: '#0f6e69',
  muted: '#4a5f63',
  placeholder: '#5f7174',
} as const;

/**
 * The shell's theme, adjusted so every account screen reads well: text on the brand colour is
 * dark or white by contrast, and links and secondary text are dark enough on white (errors: the shared theme).
 */
export function AccountTheme({ children }: { children: ReactNode }) {
  const { theme } = useShell();
  const accountTheme = useMemo<ThemeConfig>(
    () => ({
      token: {
        colorTextLightSolid: readableTextOn(theme.primaryColor),
        colorLink: READABLE.link,
        colorLinkHover: READABLE.link,
        colorTextDescription: READABLE.muted,
        colorTextSecondary: READABLE.muted,
        colorTextTertiary: READABLE.muted,
        colorTextPlaceholder: READABLE.placeholder,
      },
    }),
    [theme.primaryColor],
  );
  return <ConfigProvider theme={accountTheme}>{children}</ConfigProvider>;
}
