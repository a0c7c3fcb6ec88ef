import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '@shop/shared/federation/remote-root';
import {
  CUSTOMIZATION_NOT_FOUND_STATUS,
  customizationQueryOptions,
  shopKeyFromBasename,
} from '@shop/shared/storefront/customization-query';
import { StorefrontStyles } from './storefront-styles';

/**
 * A spinner while the customization loads, 'Not found' with a way back to the main shop when the
 * partner does not exist.
 * The shell passes the customization; this observes the same cached query only to tell a failed
 * load from a slow one and offer Try again.
 */
export function CustomizationGate({ children }: { children: ReactNode }) {
  const { customization, api, navigation } = useShell();
  const shopKey = shopKeyFromBasename(navigation.basename) ?? '';
  const query = useQuery({
    ...customizationQueryOptions(api, shopKey, { excludeProducts: true }),
    enabled: customization === undefined && shopKey !== '',
  });

  if (customization) return <>{children}</>;
  if (customization === null || (query.isSuccess && query.data === null)) {
    return (
      <div className="sf-state">
        <StorefrontStyles />
        <p className="sf-status-code" aria-hidden="true">
          {CUSTOMIZATION_NOT_FOUND_STATUS}
        </p>
        <h1>Not found</h1>
        <p>
          There is no partner shop at this address. The link may be old, or the shop has closed.
        </p>
        {/* Outside the partner's basename: a full load of the main shop, never a dead end. */}
        <a className="sf-button" href="/">
          Go to the main shop
        </a>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="sf-state" role="alert">
        <StorefrontStyles />
        <p>We could not load this shop. Please check your connection and try again.</p>
        <button type="button" className="sf-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="sf-state" role="status" aria-label="Loading the shop">
      <StorefrontStyles />
      <span className="sf-spinner" aria-hidden="true" />
    </div>
  );
}
