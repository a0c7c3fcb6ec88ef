import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_account',
  port: 3001,
  title: 'Account',
  serverRenderEntry: './src/server/render-account.tsx',
});
