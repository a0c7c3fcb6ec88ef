// GET queue -> { carrier, kits }; GET kits/:kitId -> the slip; POST kits/:kitId/labels (EasyPost);
// POST kits/:kitId/shipped { trackingCode? } -> the shipment.
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  FULFILMENT_PATHS,
  kitShipmentSchema,
  shippingQueueSchema,
  shippingSlipSchema,
  type KitShipment,
  type ShippingQueue,
  type ShippingSlip,
} from '@shop/shared/contract/fulfilment';
import { buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export function shippingQueueQueryOptions(api: ApiClients) {
  return queryOptions<ShippingQueue, ApiError>({
    queryKey: ['ops', 'fulfilment', 'queue'],
    queryFn: ({ signal }) =>
      opsCall(() => api.content.get(FULFILMENT_PATHS.queue, { signal }), shippingQueueSchema),
    staleTime: 0,
  });
}

export function useShippingQueue() {
  const { api } = useShell();
  return useQuery(shippingQueueQueryOptions(api));
}

export function useShippingSlip(kitId: string) {
  const { api } = useShell();
  return useQuery<ShippingSlip, ApiError>({
    queryKey: ['ops', 'fulfilment', 'kit', kitId],
    queryFn: ({ signal }) =>
      opsCall(
        () => api.content.get(buildPath(FULFILMENT_PATHS.kit, { kitId }), { signal }),
        shippingSlipSchema,
      ),
    staleTime: 0,
  });
}

export interface MarkShippedInput {
  kitId: string;
  trackingCode?: string;
}

export function markShippedMutationOptions(api: ApiClients) {
  return mutationOptions<KitShipment, ApiError, MarkShippedInput>({
    mutationKey: ['ops', 'fulfilment', 'shipped'],
    mutationFn: ({ kitId, trackingCode }) =>
      opsCall(
        () =>
          api.content.post(
            buildPath(FULFILMENT_PATHS.shipped, { kitId }),
            trackingCode ? { trackingCode } : {},
          ),
        kitShipmentSchema,
      ),
  });
}

/** Marks a kit shipped; the queue is read again (the kit leaves it). */
export function useMarkShipped() {
  const { api } = useShell();
  const client = useQueryClient();
  return useMutation({
    ...markShippedMutationOptions(api),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'fulfilment'] }),
  });
}

/** Buys the outbound and return labels (EasyPost); a retry never buys twice. */
export function useBuyLabels() {
  const { api } = useShell();
  const client = useQueryClient();
  return useMutation<KitShipment, ApiError, string>({
    mutationKey: ['ops', 'fulfilment', 'labels'],
    mutationFn: (kitId) =>
      opsCall(
        () => api.content.post(buildPath(FULFILMENT_PATHS.labels, { kitId }), {}),
        kitShipmentSchema,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'fulfilment'] }),
  });
}
