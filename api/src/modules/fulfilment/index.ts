// The fulfilment domain's public entry: kits shipped through a carrier and tracked to the door.
export type { Carrier, TrackingUpdate } from './carrier';
export { createCarrier } from './create-carrier';
export { carrierWebhookRoutes, opsFulfilmentRoutes } from './fulfilment-routes';
