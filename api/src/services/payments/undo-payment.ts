// Every charge ends as an order or a refund: when the order cannot be recorded after the money
// moved, the money goes back through the provider. The refund's key is derived from the charge,
// so undoing twice (a retry, a second worker) refunds once.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, ProviderCharge } from './payment-provider';

export interface TakenPayment {
  charge: ProviderCharge | null;
  bnplAuthorisationId: string | null;
}

export const undoRefundKey = (chargeId: string) => `undo:${chargeId}`;

/**
 * Refunds a succeeded charge and releases a pay-later authorisation. Returns whether everything
 * was given back; a failure is logged with the charge id for an operator to finish by hand.
 */
export async function undoPayment(
  provider: PaymentProvider,
  payment: TakenPayment,
  reason: string,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  try {
    if (payment.charge?.status === 'succeeded') {
      await provider.refund({
        chargeId: payment.charge.id,
        reason,
        idempotencyKey: undoRefundKey(payment.charge.id),
      });
    }
    if (payment.bnplAuthorisationId) await provider.cancelBnpl(payment.bnplAuthorisationId);
    return true;
  } catch (error) {
    log?.error(
      {
        err: error,
        chargeId: payment.charge?.id,
        bnplAuthorisationId: payment.bnplAuthorisationId,
        reason,
      },
      'payment could not be given back',
    );
    return false;
  }
}
