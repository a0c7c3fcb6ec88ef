// The exposed `./app` module: a single-spa-react parcel the shell mounts on /shop/:b2bKey/*.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { StorefrontRoutes } from './storefront-routes';

export const { AreaRoot: StorefrontRoot, parcel } = createAreaApp('storefront', withAreaAntdTheme(StorefrontRoutes));
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
