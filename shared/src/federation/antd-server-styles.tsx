// antd on the server: its styles are made while a component renders (CSS-in-JS), so an area whose
// first view draws antd renders its root inside a style cache and puts the cache's styles in <head>.
// The first view then looks as the live page will, with no unstyled flash and nothing moving.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ComponentType } from 'react';

export interface AntdServerStyles {
  /** The area's root, rendering into this cache. */
  wrap<Props extends object>(Root: ComponentType<Props>): ComponentType<Props>;
  /** The style elements of everything rendered so far, for the document's <head>. */
  styles(): string;
}

/** One per render: `renderAreaToString({ AreaRoot: antd.wrap(Root), … })`, then `head + antd.styles()`. */
export function antdServerStyles(): AntdServerStyles {
  const cache = createCache();
  return {
    wrap<Props extends object>(Root: ComponentType<Props>) {
      function WithAntdStyles(props: Props) {
        return (
          <StyleProvider cache={cache}>
            <Root {...props} />
          </StyleProvider>
        );
      }
      WithAntdStyles.displayName = `WithAntdStyles(${Root.displayName ?? Root.name})`;
      return WithAntdStyles;
    },
    styles: () => extractStyle(cache),
  };
}
