// The paths this area serves (see AreaPathPrefix): the build copies them into mf-manifest.json.
// The shell loads this area only for operators; everyone else gets its not-found page on /ops.
import type { AreaRoutes } from '@shop/shared/shell-contract/area-routes';

export const AREA_ROUTES: AreaRoutes = ['/ops'];
