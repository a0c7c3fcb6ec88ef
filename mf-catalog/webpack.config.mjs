import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_catalog',
  port: 3002,
  title: 'Catalog',
  serverRenderEntry: './src/server/render-catalog.tsx',
});
