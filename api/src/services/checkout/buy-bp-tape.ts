// The blood-pressure monitor and tape add-on bought after checkout: charged to the payment
// method of the order it belongs to, once per order however often the request is repeated.
import type { UpgradeResult } from '@shop/shared/contract/upgrades';
import { purchaseUpgrade } from '../upgrades/purchase-upgrade';
import type { CheckoutDeps } from './orders';
import type { Buyer } from './buyer';

/** `ref` is the order id or the id of the charge that paid it. Same purchase flow as every upgrade. */
export function buyBpTape(
  deps: CheckoutDeps,
  ref: string,
  quantity: number,
  buyer: Buyer,
): Promise<{ upgrade: UpgradeResult; created: boolean }> {
  return purchaseUpgrade(deps, { ref, buyer, type: 'bp-tape', upgradable: null, quantity });
}
