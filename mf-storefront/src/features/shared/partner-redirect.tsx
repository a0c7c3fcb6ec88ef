import { useEffect, type ReactNode } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { partnerRedirectTarget, type StorefrontRouteKind } from '@shop/shared/rules/partner-rules';

/** Spec section 2: a partner with a redirectLink sends visitors of its main and pricing pages there. */
export function PartnerRedirect({ kind, children }: { kind: StorefrontRouteKind; children: ReactNode }) {
  const { customization } = useShell();
  const target = partnerRedirectTarget(kind, typeof customization?.redirectLink === 'string' ? customization.redirectLink : null);
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  return target ? <p style={{ padding: 24 }}>Taking you to the partner site…</p> : <>{children}</>;
}
