// The kits domain's public entry: other domains (checkout, subscriptions, the lab, fulfilment,
// the server's wiring) import from here only, never from the module's own files.
export type { KitEventRow, KitRow, KitTables } from './kit-tables';
export {
  activateKit,
  claimKitAtSignup,
  createKitsForOrder,
  findKitByCode,
  recordKitTransition,
  type KitTransition,
  type KitTransitionResult,
} from './kit-service';
export { handleKitJobs, kitsForOrderJob, kitsJobKey, queueKitsForOrder } from './kit-jobs';
export { kitRoutes } from './kit-routes';
export { kitBarcodeSvg, type KitBarcodeFormat } from './kit-barcode';
