import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_checkout',
  port: 3003,
  title: 'Checkout',
  serverRenderEntry: './src/server/render-checkout.tsx',
});
