import { useMemo } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { StorefrontStyles } from '../../partner/components/storefront-styles';
import { usePartner } from '../../partner/hooks/use-partner';
import { partnerMainPageProps } from '@shop/shared/storefront/partner-main-page-props';

/**
 * The partner's main page is the catalog's main page (the catalog area owns it), mounted here with
 * the partner's customization, the way the cart and checkout are the checkout area's.
 */
export function StorefrontMainPage() {
  const { AreaOutlet } = useShell();
  const partner = usePartner();
  const areaProps = useMemo(() => ({ partnerMainPage: partnerMainPageProps(partner) }), [partner]);
  if (!AreaOutlet) return <p role="alert">This page cannot be shown here.</p>;
  return (
    <>
      <StorefrontStyles />
      <AreaOutlet area="catalog" areaProps={areaProps} />
    </>
  );
}
