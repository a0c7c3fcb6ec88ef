// The exposed `./app` module: a single-spa-react parcel the shell mounts.
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { CheckoutRoutes } from './checkout-routes';

export const { AreaRoot: CheckoutRoot, parcel } = createAreaApp('checkout', CheckoutRoutes);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
