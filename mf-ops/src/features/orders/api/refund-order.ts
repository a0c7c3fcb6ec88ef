// POST /api/v1/ops/orders/:id/refunds {idempotencyKey, lineId?, reason?} -> the refunds and the order.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { refundResultSchema, type RefundBody } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { opsOrderQueryKey } from './order';

type RefundResult = ReturnType<typeof refundResultSchema.parse>;

export interface RefundRequest {
  orderId: string;
  body: RefundBody;
}

export function refundOrder(
  api: ApiClients,
  { orderId, body }: RefundRequest,
): Promise<RefundResult> {
  return opsCall(
    () => api.content.post(buildPath(API_PATHS.opsOrderRefunds, { id: orderId }), body),
    refundResultSchema,
  );
}

export function refundMutationOptions(api: ApiClients) {
  return mutationOptions<RefundResult, ApiError, RefundRequest>({
    mutationKey: ['ops', 'orders', 'refund'],
    mutationFn: (request) => refundOrder(api, request),
  });
}

export function useRefundOrder() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...refundMutationOptions(api),
    onSuccess: (result) => {
      queryClient.setQueryData(opsOrderQueryKey(result.order.order.id), result.order);
      void queryClient.invalidateQueries({ queryKey: ['ops', 'orders', 'search'] });
    },
  });
}
