// The catalog's antd theme. Only components that use antd load it (see ./themed-page),
// so the main page and pricing carry no antd at all.
import type { ComponentType } from 'react';
import { AreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { useShell } from '@shop/shared/federation/remote-root';
import { readableTextOn } from '@shop/shared/rules/color-contrast';

export function CatalogAntdTheme({ children }: { children: React.ReactNode }) {
  const { theme } = useShell();
  // antd writes white on primary buttons; on the light brand teal that is 2.4:1, so pick the readable ink.
  const onPrimary = readableTextOn(theme.primaryColor);
  return (
    <AreaAntdTheme
      overrides={{
        components: {
          Button: { primaryColor: onPrimary },
          Radio: { buttonSolidCheckedColor: onPrimary },
        },
      }}
    >
      {children}
    </AreaAntdTheme>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props pass through unchanged
export function withCatalogAntdTheme<Page extends ComponentType<any>>(Page: Page): Page {
  const Themed = (props: React.ComponentProps<Page>) => (
    <CatalogAntdTheme>
      <Page {...props} />
    </CatalogAntdTheme>
  );
  Themed.displayName = `WithCatalogAntdTheme(${Page.displayName ?? Page.name})`;
  return Themed as unknown as Page;
}
