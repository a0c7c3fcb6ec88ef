// No path of its own: the upgrade offers mount inside checkout's thank-you page (the contract's
// AreaOutlet), never as a page. The build copies this into mf-manifest.json all the same.
import type { AreaRoutes } from '@shop/shared/shell-contract/area-routes';

export const AREA_ROUTES: AreaRoutes = [];
