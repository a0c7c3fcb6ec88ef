// antd's theme for an area, apart from the area root: an area whose first view uses no antd (the
// catalog's main page and pricing) loads ConfigProvider, and antd's style engine, only with the
// pages that need them (docs/decisions/antd-shipping.md).
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { toAntdTheme } from './antd-theme';
import { useShell } from './shell-context';

/** The shell's theme tokens as an antd theme, with an area's own overrides laid over them. */
export function AreaAntdTheme({
  overrides,
  children,
}: {
  overrides?: ThemeConfig;
  children: ReactNode;
}) {
  const { theme } = useShell();
  const antdTheme = useMemo(() => {
    const base = toAntdTheme(theme);
    if (!overrides) return base;
    return {
      ...base,
      token: { ...base.token, ...overrides.token },
      components: { ...base.components, ...overrides.components },
    };
  }, [theme, overrides]);
  return <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>;
}

/** `createAreaApp('account', withAreaAntdTheme(AccountRoutes))`: every page of the area themed. */
export function withAreaAntdTheme<Props extends object>(
  Component: ComponentType<Props>,
  overrides?: ThemeConfig,
): ComponentType<Props> {
  function Themed(props: Props) {
    return (
      <AreaAntdTheme overrides={overrides}>
        <Component {...props} />
      </AreaAntdTheme>
    );
  }
  Themed.displayName = `WithAreaAntdTheme(${Component.displayName ?? Component.name})`;
  return Themed;
}
