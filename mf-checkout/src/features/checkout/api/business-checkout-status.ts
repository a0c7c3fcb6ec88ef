// GET …/business/checkout/{id}/status -> { status, final, failureMessage, nextAction }, polled
// until final or until the bank holds the payment for the shopper.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessCheckoutStatus } from '@shop/shared/contract/checkout';
import type { NextAction } from '@shop/shared/contract/payment';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

const STATUS_POLL_MS = 1_000;
/** Reads before the shopper is told the payment is still being processed (about two minutes). */
const STATUS_POLL_LIMIT = 120;

export async function fetchBusinessCheckoutStatus(
  api: ApiClients,
  id: string,
): Promise<BusinessCheckoutStatus> {
  return (
    await api.payments.get<BusinessCheckoutStatus>(
      buildPath(API_PATHS.businessCheckoutStatus, { id }),
    )
  ).data;
}

export function businessCheckoutStatusQueryOptions(api: ApiClients, id: string | null) {
  return queryOptions({
    queryKey: ['business-checkout-status', id],
    queryFn: () => fetchBusinessCheckoutStatus(api, id!),
    enabled: id !== null,
    // Read again each second until final (in a background tab too), the bank's step (read again
    // once it is done), a failed read, or STATUS_POLL_LIMIT reads.
    refetchInterval: (query) =>
      query.state.data?.final ||
      query.state.data?.nextAction ||
      query.state.status === 'error' ||
      query.state.dataUpdateCount >= STATUS_POLL_LIMIT
        ? false
        : STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    // A failed read ends the wait with its message, as soon as it fails.
    retry: false,
    networkMode: 'always',
    // Every wait reads afresh: a status is never served from an earlier wait.
    gcTime: 0,
  });
}

/** Where the wait for a started business checkout stands. */
export type BusinessCheckoutOutcome =
  | { kind: 'waiting' }
  | { kind: 'final'; status: BusinessCheckoutStatus }
  | { kind: 'action'; nextAction: NextAction }
  | { kind: 'unknown'; error: Error };

const TOO_SLOW = new Error(
  'Your payment is still being processed. We will email you when it is confirmed.',
);

/** Polls the status of business checkout `id` (none when null) until final, a failed read or the read limit. */
export function useBusinessCheckoutOutcome(id: string | null): BusinessCheckoutOutcome {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const options = businessCheckoutStatusQueryOptions(api, id);
  // Each read re-renders, though a pending status equals the last one: the read limit is counted.
  const status = useQuery({ ...options, notifyOnChangeProps: ['data', 'error', 'dataUpdatedAt'] });
  if (id === null) return { kind: 'waiting' };
  if (status.isError) return { kind: 'unknown', error: status.error };
  if (status.data?.final) return { kind: 'final', status: status.data };
  if (status.data?.nextAction) return { kind: 'action', nextAction: status.data.nextAction };
  const reads = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return reads >= STATUS_POLL_LIMIT ? { kind: 'unknown', error: TOO_SLOW } : { kind: 'waiting' };
}
