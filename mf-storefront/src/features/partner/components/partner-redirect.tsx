import { useEffect, type ReactNode } from 'react';
import { partnerRedirectTarget, type StorefrontRouteKind } from '@shop/shared/rules/partner-rules';
import { leaveSite } from '../utils/leave-site';
import { usePartner } from '../hooks/use-partner';

/** A partner with a redirectLink sends visitors of its main and pricing pages there (http(s) only). */
export function PartnerRedirect({
  kind,
  children,
}: {
  kind: StorefrontRouteKind;
  children: ReactNode;
}) {
  const partner = usePartner();
  const link = partner.customization.redirectLink;
  const target = partnerRedirectTarget(kind, typeof link === 'string' ? link : null);
  useEffect(() => {
    if (target) leaveSite(target);
  }, [target]);
  if (!target) return <>{children}</>;
  return (
    <div className="sf-page" role="status">
      <p>
        Taking you to {partner.businessName}… <a href={target}>Continue</a>
      </p>
    </div>
  );
}
