// Every charge ends as a record or a refund: when what a charge paid for cannot be recorded after
// the money moved, the money goes back through the provider. The refund's key is derived from the
// charge, so undoing twice (a retry, a second worker) refunds once.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderCharge } from './payment-provider';

export const undoRefundKey = (chargeId: string) => `refund:${chargeId}:undo`;

/**
 * Refunds a succeeded charge. Returns whether the money was given back; a failure is logged with
 * the charge id for an operator to finish by hand.
 */
export async function undoPayment(
  provider: PaymentProvider,
  charge: ProviderCharge,
  reason: string,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  try {
    if (charge.status === 'succeeded')
      await provider.refund({
        chargeId: charge.id,
        reason,
        idempotencyKey: undoRefundKey(charge.id),
      });
    return true;
  } catch (error) {
    log?.error({ err: error, chargeId: charge.id, reason }, 'payment could not be given back');
    return false;
  }
}
