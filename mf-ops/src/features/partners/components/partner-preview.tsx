import { useDeferredValue, useMemo } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { partnerMainPageProps } from '@shop/shared/storefront/partner-main-page-props';
import { partnerView } from '@shop/shared/storefront/partner-view';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';

/**
 * The partner's storefront main page with the unsaved values: the catalog area's own page, mounted
 * through the shell as the storefront mounts it. Inert: a click in the preview must not leave the form.
 */
export function PartnerPreview({ customization }: { customization: PartnerCustomizationProp }) {
  const { AreaOutlet, theme } = useShell();
  // Typing stays responsive: the preview follows a moment behind.
  const deferred = useDeferredValue(customization);
  const areaProps = useMemo(
    () => ({ partnerMainPage: partnerMainPageProps(partnerView(deferred, theme)) }),
    [deferred, theme],
  );
  return (
    <section aria-labelledby="ops-preview-heading">
      <h3 id="ops-preview-heading" style={{ fontSize: 18 }}>
        Preview of the storefront main page (not saved)
      </h3>
      <div className="ops-preview">
        <div className="ops-preview__frame" inert>
          {AreaOutlet ? (
            <AreaOutlet area="catalog" areaProps={areaProps} />
          ) : (
            <p>The preview cannot be shown here.</p>
          )}
        </div>
      </div>
    </section>
  );
}
