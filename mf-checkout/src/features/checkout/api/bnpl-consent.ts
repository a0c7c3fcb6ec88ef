// POST …/bnpl/consent, then GET …/bnpl/consent/{id} (an array; its first element is the consent).
import { BNPL_TERMS_VERSION, type BnplConsent } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

/** Records the shopper's explicit consent, then reads it back to be sure it was kept. */
export async function recordBnplConsent(
  api: ApiClients,
  input: { sessionId: string; email: string },
): Promise<BnplConsent> {
  const created = await api.payments.post<BnplConsent>(API_PATHS.bnplConsents, {
    ...input,
    accepted: true,
    termsVersion: BNPL_TERMS_VERSION,
  });
  const [consent] = (
    await api.payments.get<BnplConsent[]>(buildPath(API_PATHS.bnplConsent, { id: created.data.id }))
  ).data;
  if (!consent) throw new Error('The pay-later consent was not recorded. Please try again.');
  return consent;
}
