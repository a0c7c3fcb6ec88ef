// The exposed `./app` module: a single-spa-react parcel the shell mounts.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { AccountRoutes } from './account-routes';

export const { AreaRoot: AccountRoot, parcel } = createAreaApp(
  'account',
  withAreaAntdTheme(AccountRoutes),
);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
