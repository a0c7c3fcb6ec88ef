import type { CarrierConfig } from '../../config/config';
import type { Carrier } from './carrier';
import { createEasyPostCarrier } from './easypost-carrier';
import { createManualCarrier } from './manual-carrier';

/** The configured carrier: EasyPost with its keys, the manual carrier without (so `npm start` needs no account). */
export function createCarrier(config: CarrierConfig): Carrier {
  return config.kind === 'easypost'
    ? createEasyPostCarrier({
        apiKey: config.apiKey,
        webhookSecret: config.webhookSecret,
        baseUrl: config.baseUrl,
      })
    : createManualCarrier();
}
