// GET /payments/stripe-subscriptions/business/users?email=: whether an account exists for an email.
// Without an email there is nothing to ask, so no call is made. Sign-up does not ask it: the form
// must not reveal who has an account (docs/decisions/account-enumeration.md).
import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { businessUsersResponseSchema } from '../contract/checkout';
import { API_PATHS } from '../contract/paths';

/** The email as the server compares it; '' when there is none. */
function normalisedEmail(email: string | null | undefined): string {
  return email?.trim().toLowerCase() ?? '';
}

/** False without calling when `email` is empty; otherwise what the payments API says. */
export async function fetchBusinessUserExists(
  payments: AxiosInstance,
  email: string | null | undefined,
  signal?: AbortSignal,
): Promise<boolean> {
  const normalised = normalisedEmail(email);
  if (!normalised) return false;
  const response = await payments.get(API_PATHS.businessUsers, {
    params: { email: normalised },
    signal,
  });
  return businessUsersResponseSchema.parse(response.data).exists;
}

export function businessUserExistsQueryOptions(
  payments: AxiosInstance,
  email: string | null | undefined,
) {
  const normalised = normalisedEmail(email);
  return queryOptions({
    queryKey: ['payments', 'business-users', normalised],
    queryFn: ({ signal }) => fetchBusinessUserExists(payments, normalised, signal),
    staleTime: 60_000,
    retry: false,
  });
}
