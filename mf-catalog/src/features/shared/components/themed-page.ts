import type { ComponentType } from 'react';
import { lazyPage } from '@shop/shared/federation/remote-root';

/**
 * A lazily loaded component that uses antd: its code and the catalog's antd theme load together,
 * in parallel. Pages without antd (the main page, pricing) use plain `lazyPage` and never
 * download antd or its style engine.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint; each component keeps its props type
export function themedPage<Name extends string, Page extends ComponentType<any>>(
  load: () => Promise<Record<Name, Page>>,
  name: Name,
) {
  return lazyPage(
    async () => {
      const [{ withCatalogAntdTheme }, module] = await Promise.all([
        import(/* webpackChunkName: "catalog-antd-theme" */ './catalog-antd-theme'),
        load(),
      ]);
      return { [name]: withCatalogAntdTheme(module[name]) } as unknown as Record<Name, Page>;
    },
    name,
    { alsoChunks: ['catalog-antd-theme'] },
  );
}
