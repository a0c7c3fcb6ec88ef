// The step after a successful charge: write what the money paid for. If that write fails, the
// money goes back and the idempotency key is closed, so a retry with the same key gets the same
// answer instead of a second charge.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { completeIdempotencyKey } from '../../repositories/idempotency-repository';
import { updateOrderStatus, type OrderUpdate } from '../../repositories/orders-repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { undoPayment, type TakenPayment } from '../payments/undo-payment';
import { keepIdempotencyKey } from './idempotency';

/** The status an idempotency key is closed with when its order could not be completed. */
export const NOT_COMPLETED_STATUS = 409;

export const orderNotCompleted = () =>
  new AppError(
    NOT_COMPLETED_STATUS,
    'ORDER_NOT_COMPLETED',
    'We could not complete your order, so your payment was refunded. Please try again.',
  );

export interface RecordPaymentInput {
  payment: TakenPayment;
  orderId: string;
  /** The request's key, closed as not completed when the write fails. */
  idempotency: { scope: string; key: string } | null;
  /** What the order becomes when the write fails (null leaves it as it is, e.g. still payable). */
  onFailure: OrderUpdate | null;
  /** `record` is one statement, atomic by itself: it runs without the BEGIN and COMMIT round trips. */
  singleStatement?: boolean;
}

/**
 * Runs `record` in one transaction (or as the one statement it is) and returns what it returns. On failure: refund the charge (or release the pay-later
 * authorisation), mark the order, close the key, then rethrow a client error as it is and
 * anything else as ORDER_NOT_COMPLETED.
 */
export async function recordPaymentOrRefund<T>(
  deps: { db: Database; provider: PaymentProvider; log?: FastifyBaseLogger },
  input: RecordPaymentInput,
  record: (trx: Executor) => Promise<T>,
): Promise<T> {
  try {
    if (input.singleStatement) return await record(deps.db);
    return await deps.db.transaction().execute(record);
  } catch (error) {
    if (!(error instanceof AppError))
      deps.log?.error(
        { err: error, orderId: input.orderId },
        'order write failed after payment; refunding',
      );
    await undoPayment(
      deps.provider,
      input.payment,
      `Order ${input.orderId} could not be recorded`,
      deps.log,
    );
    try {
      await deps.db.transaction().execute(async (trx) => {
        if (input.onFailure)
          await updateOrderStatus(trx, input.orderId, ['pending'], input.onFailure);
        if (input.idempotency)
          await completeIdempotencyKey(
            trx,
            input.idempotency.scope,
            input.idempotency.key,
            input.orderId,
            NOT_COMPLETED_STATUS,
          );
      });
    } catch (closeError) {
      deps.log?.error(
        { err: closeError, orderId: input.orderId },
        'could not close the idempotency key of a refunded order',
      );
      throw keepIdempotencyKey(orderNotCompleted());
    }
    throw keepIdempotencyKey(
      error instanceof AppError && error.statusCode < 500 ? error : orderNotCompleted(),
    );
  }
}
