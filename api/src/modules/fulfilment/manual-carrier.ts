import {
  CarrierSignatureError,
  CarrierUnavailableError,
  type Carrier,
  type TrackingUpdate,
} from './carrier';

/**
 * The embedded default: no account, no purchase. The operator prints the shop's own label page
 * and types the tracking number the post office gave; nobody posts tracking webhooks to it.
 */
export function createManualCarrier(): Carrier {
  return {
    name: 'manual',
    buysLabels: false,
    buyLabel() {
      return Promise.reject(
        new CarrierUnavailableError('The manual carrier buys no labels: type the tracking number.'),
      );
    },
    readTrackingWebhook(): TrackingUpdate | null {
      throw new CarrierSignatureError('The manual carrier takes no webhooks.');
    },
  };
}
