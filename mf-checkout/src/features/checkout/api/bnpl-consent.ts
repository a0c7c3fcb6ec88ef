// POST …/bnpl/consent, then GET …/bnpl/consent/{id} (an array; its first element is the consent).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { BNPL_TERMS_VERSION, type BnplConsent } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

interface ConsentInput {
  sessionId: string;
  email: string;
}

/** Records the shopper's explicit consent, then reads it back to be sure it was kept. */
export async function recordBnplConsent(
  api: ApiClients,
  input: ConsentInput,
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

export function bnplConsentMutationOptions(api: ApiClients) {
  return mutationOptions({
    mutationKey: ['checkout', 'bnpl-consent'],
    mutationFn: (input: ConsentInput) => recordBnplConsent(api, input),
    // Part of placing the order: sent at once, its failure shown.
    networkMode: 'always',
  });
}

export function useRecordBnplConsent() {
  const { api } = useShell();
  return useMutation(bnplConsentMutationOptions(api));
}
