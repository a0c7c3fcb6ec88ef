// The kits domain's public entry: other domains (checkout, subscriptions, the lab, fulfilment,
// the server's wiring) import from here only, never from the module's own files.
export type { KitRow } from './kit-tables';
export {
  claimKitAtSignup,
  createKitsForOrder,
  findKitByCode,
  recordKitTransition,
} from './kit-service';
export { kitsForOrderJob, queueKitsForOrder } from './kit-jobs';
export { kitRoutes } from './kit-routes';
export { kitBarcodeSvg } from './kit-barcode';
