import { useEffect } from 'react';
import {
  ecommerceEvent,
  ecommerceParams,
  toGa4Item,
  trackedAddress,
} from '@shop/shared/analytics/ga4';
import { markPurchaseSent, purchaseAlreadySent } from '@shop/shared/analytics/purchase-dedupe';
import type { Order } from '@shop/shared/contract/checkout';
import { useShell } from '@shop/shared/federation/remote-root';
import { formatMoney } from '@shop/shared/format/money';
import { isTestPurchase } from '@shop/shared/rules/test-purchase';
import { isNewCustomer } from '../../checkout/api/is-new-customer';
import { recalledNewCustomer } from '../new-customer-flag';

/**
 * Sends `purchase` once per order, even across reloads (purchase-dedupe in localStorage). An order
 * under $30 is a staff test purchase: logged as an error and never reported as a conversion. The
 * same holds on a partner's checkout, whose events name the partner.
 */
export function usePurchaseTracking(order: Order | undefined) {
  const { api, track } = useShell();
  useEffect(() => {
    if (!order || (order.status !== 'paid' && order.status !== 'fulfilled')) return;
    if (purchaseAlreadySent(order.id, window.localStorage)) return;
    // Marked before anything async, so a second render or a quick reload cannot send it twice.
    markPurchaseSent(order.id, window.localStorage);
    if (isTestPurchase(order.total)) {
      console.error(
        `Test purchase ${order.id}: total ${formatMoney(order.total, order.currency)} is under $30, so it is not reported as a conversion.`,
      );
      return;
    }
    const send = (newCustomer: boolean | null) => {
      const event = ecommerceEvent('purchase', {
        items: order.lines.map((line) => toGa4Item(line)),
        currency: order.currency,
        valueCents: order.total,
        transactionId: order.id,
        extra: {
          shipping: order.shipping / 100,
          coupon: order.discountCode ?? undefined,
          payment_type: order.bnpl ? 'bnpl' : 'card',
          ...(newCustomer === null ? {} : { new_customer: newCustomer }),
        },
      });
      track(
        event.event,
        ecommerceParams(event, {
          businessKey: order.businessKey,
          address: trackedAddress(order.shippingAddress),
        }),
      );
    };
    const recalled = recalledNewCustomer(order.id);
    if (recalled !== null) send(recalled);
    else isNewCustomer(api, order.email).then(send, () => send(null));
  }, [order, api, track]);
}
