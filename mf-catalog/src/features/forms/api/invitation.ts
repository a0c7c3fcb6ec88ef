// POST the waiting-list sign-up -> { alreadyOnList }; the form's hook (useFormSubmit) sends it.
import type { InvitationBody, InvitationResponse } from '@shop/shared/contract/user';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function joinWaitlist(
  api: ApiClients,
  body: InvitationBody,
): Promise<InvitationResponse> {
  return (await api.connect.post<InvitationResponse>(API_PATHS.invitation, body)).data;
}
