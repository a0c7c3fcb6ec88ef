// The partner a storefront mounted this area for (its main page), null on the shop's own pages, or
// 'invalid' when a host handed props that break the contract (never the shop's own page instead).
import { useMemo } from 'react';
import {
  partnerMainPageAreaPropsSchema,
  type PartnerMainPage,
} from '@shop/shared/contract/partner-main-page';
import { useShell } from '@shop/shared/federation/remote-root';

export function usePartnerMainPage(): PartnerMainPage | 'invalid' | null {
  const shell = useShell() as unknown as Record<string, unknown>;
  const raw = shell.partnerMainPage;
  return useMemo(() => {
    if (raw === undefined) return null;
    const parsed = partnerMainPageAreaPropsSchema.safeParse({ partnerMainPage: raw });
    return parsed.success ? parsed.data.partnerMainPage : 'invalid';
  }, [raw]);
}
