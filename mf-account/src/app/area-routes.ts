// The paths this area serves (see AreaPathPrefix): the build copies them into mf-manifest.json, and
// the shell sends every path below them here. Pages inside them are this area's own business.
import type { AreaRoutes } from '@shop/shared/shell-contract/area-routes';

export const AREA_ROUTES: AreaRoutes = [
  '/login',
  '/signup',
  '/reset-password',
  '/account',
  // Activating a kit (the kit's QR code opens /activate?kit=CODE).
  '/activate',
];
