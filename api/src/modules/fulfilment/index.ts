// The fulfilment domain's public entry: kits shipped through a carrier and tracked to the door.
export { carrierWebhookRoutes, opsFulfilmentRoutes } from './fulfilment-routes';
