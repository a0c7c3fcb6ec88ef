// The exposed `./app` module: a single-spa-react parcel the shell mounts.
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { CatalogRoutes } from './catalog-routes';

export const { AreaRoot: CatalogRoot, parcel } = createAreaApp('catalog', CatalogRoutes);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
