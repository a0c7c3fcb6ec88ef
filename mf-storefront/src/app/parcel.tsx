// The exposed `./app` module: a single-spa-react parcel the shell mounts on /shop/:b2bKey/*.
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { useStorefrontPageTitle } from './page-title';
import { StorefrontRoutes } from './storefront-routes';

function StorefrontArea() {
  useStorefrontPageTitle();
  return <StorefrontRoutes />;
}

// No antd in this area's pages (plain buttons and CSS spinners), so no antd theme around them:
// the nested checkout area brings its own.
export const { AreaRoot: StorefrontRoot, parcel } = createAreaApp('storefront', StorefrontArea);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
