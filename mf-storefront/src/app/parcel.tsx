// The exposed `./app` module: a single-spa-react parcel the shell mounts on /shop/:b2bKey/*.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { useStorefrontPageTitle } from './page-title';
import { StorefrontRoutes } from './storefront-routes';

function StorefrontArea() {
  useStorefrontPageTitle();
  return <StorefrontRoutes />;
}

export const { AreaRoot: StorefrontRoot, parcel } = createAreaApp(
  'storefront',
  withAreaAntdTheme(StorefrontArea),
);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
