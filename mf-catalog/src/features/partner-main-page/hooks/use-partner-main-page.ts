// The partner a storefront mounted this area for, or 'invalid' when the host handed props that break
// the contract (the page then shows neither them nor the shop's own main page).
import { useMemo } from 'react';
import {
  partnerMainPageAreaPropsSchema,
  type PartnerMainPage,
} from '@shop/shared/contract/partner-main-page';

export function usePartnerMainPage(raw: unknown): PartnerMainPage | 'invalid' {
  return useMemo(() => {
    const parsed = partnerMainPageAreaPropsSchema.safeParse({ partnerMainPage: raw });
    return parsed.success ? parsed.data.partnerMainPage : 'invalid';
  }, [raw]);
}
