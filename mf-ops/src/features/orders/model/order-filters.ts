// The orders list's filters as the address keeps them (a reload or a shared link shows the same
// list) and as the API is asked for them. Dates are the operator's calendar days, inclusive.
import dayjs from 'dayjs';
import { ORDER_KINDS, ORDER_STATUSES, type OrderKind } from '@shop/shared/contract/ops';

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderFilters {
  q: string;
  status: OrderStatus[];
  kind: OrderKind[];
  partner: string;
  /** YYYY-MM-DD, the first day shown. */
  from: string;
  /** YYYY-MM-DD, the last day shown. */
  to: string;
}

export const NO_FILTERS: OrderFilters = {
  q: '',
  status: [],
  kind: [],
  partner: '',
  from: '',
  to: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null) =>
  value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : '';

function listOf<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const parts = value.split(',').filter((part): part is T => allowed.includes(part as T));
  return [...new Set(parts)];
}

/** The filters in an address; anything unreadable is left out rather than refused. */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  return {
    q: params.get('q')?.trim() ?? '',
    status: listOf(params.get('status'), ORDER_STATUSES),
    kind: listOf(params.get('kind'), ORDER_KINDS),
    partner: params.get('partner')?.trim() ?? '',
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The address for these filters: only what is set, in a fixed order. */
export function paramsFromFilters(filters: OrderFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.status.length) params.status = filters.status.join(',');
  if (filters.kind.length) params.kind = filters.kind.join(',');
  if (filters.partner) params.partner = filters.partner;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export const hasFilters = (filters: OrderFilters) =>
  Object.keys(paramsFromFilters(filters)).length > 0;

/**
 * The API's query: the days become instants at the operator's local midnights, the last day
 * included (up to the next midnight).
 */
export function apiQueryOf(filters: OrderFilters): Record<string, string> {
  const { from, to, ...rest } = paramsFromFilters(filters);
  const query: Record<string, string> = { ...rest };
  if (from) query.from = dayjs(from).startOf('day').toISOString();
  if (to) query.to = dayjs(to).add(1, 'day').startOf('day').toISOString();
  return query;
}
