// POST a friend's referral -> { alreadyReferred }; the form's hook (useFormSubmit) sends it.
import type { ReferralBody, ReferralResponse } from '@shop/shared/contract/user';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function sendReferral(api: ApiClients, body: ReferralBody): Promise<ReferralResponse> {
  return (await api.connect.post<ReferralResponse>(API_PATHS.anonymousReferral, body)).data;
}
