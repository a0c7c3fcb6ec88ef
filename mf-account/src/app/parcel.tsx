// The exposed `./app` module: a single-spa-react parcel the shell mounts.
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { AccountRoutes } from './account-routes';

export const { AreaRoot: AccountRoot, parcel } = createAreaApp('account', AccountRoutes);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
