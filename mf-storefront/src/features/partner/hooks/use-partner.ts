// The partner's customization as the storefront's pages use it (partnerView, shared with the
// operator console's preview).
import { useMemo } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { partnerView, type Partner } from '@shop/shared/storefront/partner-view';

/** Only for pages rendered once the customization is loaded (the routes guarantee it). */
export function usePartner(): Partner {
  const { customization, theme } = useShell();
  if (!customization) throw new Error('usePartner needs a loaded customization');
  return useMemo(() => partnerView(customization, theme), [customization, theme]);
}
