// An order whose payment succeeded but which cannot be completed (its pay-later consent or
// one-use code went to another order meanwhile) is refunded and failed (see finalize-order.ts);
// its idempotency key is closed with this status, so a retry with the key gets the same answer
// instead of a second charge.
import { AppError } from '../../lib/app-error';

/** The status an idempotency key is closed with when its order could not be completed. */
export const NOT_COMPLETED_STATUS = 409;

export const orderNotCompleted = () =>
  new AppError(
    NOT_COMPLETED_STATUS,
    'ORDER_NOT_COMPLETED',
    'We could not complete your order, so your payment was refunded. Please try again.',
  );
