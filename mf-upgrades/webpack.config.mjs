import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_upgrades',
  port: 3004,
  title: 'Upgrades',
  serverRenderEntry: './src/server/render-upgrades.tsx',
});
