import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import type { AreaLoadFailure } from './area-loader';

export const AREA_LABELS: Record<AreaName, string> = {
  account: 'Your account',
  catalog: 'Our tests',
  checkout: 'Cart and checkout',
  upgrades: 'Upgrade offers',
  storefront: 'This shop',
  ops: 'Operator console',
};

const REASONS: Record<AreaLoadFailure | 'crashed', string> = {
  unavailable: 'We could not load this part of the page.',
  timeout: 'This part of the page is taking too long to load.',
  contract: 'This part of the page is being updated.',
  'not-registered': 'This part of the page is not available right now.',
  crashed: 'This part of the page ran into a problem.',
};

/** Without an area: the registry could not be read, so the page's area is not known. */
export function AreaFallback({
  area,
  reason,
  onRetry,
}: {
  area?: AreaName;
  reason: AreaLoadFailure | 'crashed';
  onRetry: () => void;
}) {
  const titleId = `area-fallback-${area ?? 'page'}`;
  return (
    <section
      className="area-fallback"
      role="alert"
      aria-labelledby={titleId}
      data-area-fallback={area ?? ''}
      data-reason={reason}
    >
      <h2 id={titleId}>{area ? AREA_LABELS[area] : 'This page'} is unavailable</h2>
      <p>{REASONS[reason]} The rest of the shop keeps working, and your cart is safe.</p>
      <button type="button" className="area-retry" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

/** Without an area: while the registry is read and the page's area is not known yet. */
export function AreaLoading({ area }: { area?: AreaName }) {
  return (
    // Pending: a first view whose page nests this area (a storefront's main page is the catalog's)
    // stays on screen until the nested area has drawn, never swapping to this spinner.
    <div
      className="area-loading"
      role="status"
      aria-live="polite"
      data-area-loading={area ?? ''}
      {...{ [AREA_PENDING_ATTRIBUTE]: '' }}
    >
      <span className="area-spinner" aria-hidden="true" />
      <span className="visually-hidden">
        Loading {area ? AREA_LABELS[area].toLowerCase() : 'the page'}…
      </span>
    </div>
  );
}
