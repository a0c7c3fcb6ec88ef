import { remoteWebpackConfig } from '../shared/src/federation/webpack-config.mjs';

export default remoteWebpackConfig(import.meta.url, {
  name: 'mf_ops',
  port: 3006,
  title: 'Operator console',
});
