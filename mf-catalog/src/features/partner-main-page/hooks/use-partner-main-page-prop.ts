// What a storefront handed this area for a partner's main page, unchecked: undefined on the shop's
// own pages. The contract check (zod) runs in the partner page's own chunk, off the shop's first load.
import { useShell } from '@shop/shared/federation/remote-root';

export function usePartnerMainPageProp(): unknown {
  return (useShell() as unknown as Record<string, unknown>).partnerMainPage;
}
