// The exposed `./app` module: a single-spa-react parcel the shell mounts.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { CheckoutRoutes } from './checkout-routes';

export const { AreaRoot: CheckoutRoot, parcel } = createAreaApp(
  'checkout',
  withAreaAntdTheme(CheckoutRoutes),
);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
