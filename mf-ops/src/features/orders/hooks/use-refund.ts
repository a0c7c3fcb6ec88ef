import { useRef } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { useRefundOrder } from '../api/refund-order';

/**
 * One refund the operator means to make. Its idempotency key is made when the confirmation opens
 * and kept until that refund succeeds, so a double click or a retry after a failure reaches the
 * API with the same key and never refunds twice.
 */
export function useRefund(orderId: string) {
  const mutation = useRefundOrder();
  const keys = useRef(new Map<string, string>());

  /** The key of the refund of `target` ('order' or a line id); made on first ask. */
  const keyFor = (target: string) => {
    let key = keys.current.get(target);
    if (!key) {
      key = uuidv4();
      keys.current.set(target, key);
    }
    return key;
  };

  const refund = async (target: string, lineId?: number) => {
    const idempotencyKey = keyFor(target);
    const result = await mutation.mutateAsync({
      orderId,
      body: lineId === undefined ? { idempotencyKey } : { idempotencyKey, lineId },
    });
    // Done: the next refund of the same target is a new intention with a new key.
    keys.current.delete(target);
    return result;
  };

  return {
    prepare: keyFor,
    refund,
    inFlight: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}
