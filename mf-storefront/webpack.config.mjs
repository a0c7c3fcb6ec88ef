import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_storefront',
  port: 3005,
  title: 'Storefront',
  serverRenderEntry: './src/server/render-storefront.tsx',
});
