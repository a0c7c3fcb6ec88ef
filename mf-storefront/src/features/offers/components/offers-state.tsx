import type { ReactNode } from 'react';
import type { StorefrontOffersState } from '../hooks/use-storefront-offers';
import type { StorefrontOffer } from '../model/storefront-offers';

/** Loading, failure with Try again, or the page once the offers are known. */
export function OffersState({
  state,
  children,
}: {
  state: StorefrontOffersState;
  children: (offers: StorefrontOffer[]) => ReactNode;
}) {
  if (state.offers) return <>{children(state.offers)}</>;
  if (state.isError) {
    return (
      <div role="alert" className="sf-empty">
        <p>We could not load the prices. Please try again.</p>
        <button type="button" className="sf-button sf-button--quiet" onClick={state.retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="sf-state" role="status" aria-label="Loading prices">
      <span className="sf-spinner" aria-hidden="true" />
    </div>
  );
}
