// GET /auth2/reset-password/link?linkId -> { usable: true }, or 400 RESET_LINK_UNKNOWN | USED | EXPIRED.
// Reads only: opening the page does not use the link up.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetLinkResponseSchema } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export async function fetchResetLinkStatus(
  api: ApiClients,
  linkId: string,
  signal?: AbortSignal,
): Promise<{ usable: true }> {
  const data = await callApi(() =>
    api.connect.get<unknown>(API_PATHS.resetPasswordLink, { params: { linkId }, signal }),
  );
  return resetLinkResponseSchema.parse(data);
}

export function resetLinkStatusQueryOptions(api: ApiClients, linkId: string) {
  return queryOptions<{ usable: true }, ApiError>({
    queryKey: ['auth2', 'reset-password', 'link', linkId],
    queryFn: ({ signal }) => fetchResetLinkStatus(api, linkId, signal),
    retry: false,
    // A link's state changes when it is used: ask again each time the page opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetLinkStatus(linkId: string) {
  const { api } = useShell();
  return useQuery(resetLinkStatusQueryOptions(api, linkId));
}
