// The paths this area serves (see AreaPathPrefix): the build copies them into mf-manifest.json, and
// the shell sends every path below them here. The prefix's parameter makes it the area's basename,
// so the routes in storefront-routes.tsx are relative to /shop/<key>.
import type { AreaRoutes } from '@shop/shared/shell-contract/area-routes';

export const AREA_ROUTES: AreaRoutes = ['/shop/:b2bKey'];
