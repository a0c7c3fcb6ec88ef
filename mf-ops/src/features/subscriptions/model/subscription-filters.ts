// The subscriptions list's filters as the address keeps them (a reload or a shared link shows the
// same list) and as the API is asked for them.
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '@shop/shared/contract/subscriptions';

export interface SubscriptionFilters {
  /** A subscription id or the subscriber's e-mail. */
  q: string;
  status: SubscriptionStatus[];
}

export const NO_SUBSCRIPTION_FILTERS: SubscriptionFilters = { q: '', status: [] };

/** The filters in an address; unknown statuses are left out rather than refused. */
export function subscriptionFiltersFromParams(params: URLSearchParams): SubscriptionFilters {
  const status = (params.get('status') ?? '')
    .split(',')
    .filter((part): part is SubscriptionStatus =>
      (SUBSCRIPTION_STATUSES as readonly string[]).includes(part),
    );
  return { q: params.get('q')?.trim() ?? '', status: [...new Set(status)] };
}

/** The address and the API query for these filters: only what is set. */
export function paramsFromSubscriptionFilters(
  filters: SubscriptionFilters,
): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.status.length) params.status = filters.status.join(',');
  return params;
}
