// Mounts one area's parcel with single-spa-react's <Parcel>, and keeps a failure inside the area:
// loading, timeout, a contract mismatch, a mount error or a render crash all end in the area fallback.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import type {
  AreaName,
  AreaOutletProps as ContractOutletProps,
  ShellProps,
} from '@shop/shared/shell-contract/shell-props';
import { AreaFallback, AreaLoading } from './area-fallback';
import type { AreaLoader, AreaLoadFailure } from './area-loader';
import { visitorActedOnFirstView } from './first-view-interactions';
import { FirstViewElement, useFirstViewTakeover } from './first-view-takeover';
import { ParcelErrorBoundary } from './parcel-error-boundary';
import { useAreaParcel } from './use-area-parcel';

export interface AreaOutletProps {
  area: AreaName;
  loader: AreaLoader;
  shellProps: Omit<ShellProps, 'reportAreaError'>;
  /** A nested slot's own quiet fallback and loading state (see the contract's AreaOutletProps). */
  fallback?: ReactNode;
  loading?: ReactNode;
  /** The server-rendered element of this area's first view: shown until the live area has drawn. */
  firstView?: HTMLElement;
  /** Told when the live area replaced the first view. */
  onFirstViewDone?: () => void;
  /**
   * With a first view that takes over 'on-interaction': the area's code is not fetched before this
   * settles (the visitor's first interaction), the first view staying on screen until then.
   */
  loadAfter?: Promise<void>;
}

/** A host's own loading state is still marked as this area's, so the wait can be told apart. */
function OutletLoading({ area, loading }: { area: AreaName; loading: ReactNode }) {
  if (loading === undefined) return <AreaLoading area={area} />;
  return (
    <div data-area-loading={area} style={{ display: 'contents' }}>
      {loading}
    </div>
  );
}

interface OutletFailedProps {
  area: AreaName;
  reason: AreaLoadFailure | 'crashed';
  fallback: ReactNode;
  onRetry: () => void;
}

function OutletFailed({ area, reason, fallback, onRetry }: OutletFailedProps) {
  if (fallback === undefined) return <AreaFallback area={area} reason={reason} onRetry={onRetry} />;
  return (
    <div className="area-fallback-quiet" data-area-fallback={area} data-reason={reason}>
      {fallback}
      {/* A quiet slot still recovers without a page reload. */}
      <button type="button" className="area-retry-quiet" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function AreaOutlet({
  area,
  loader,
  shellProps,
  fallback,
  loading,
  firstView: offeredFirstView,
  onFirstViewDone,
  loadAfter,
}: AreaOutletProps) {
  const takeover = useFirstViewTakeover({ offeredFirstView, loadAfter, onFirstViewDone });
  const { firstView, liveContainer, revealLive } = takeover;
  const { state, attempt, retry, fail } = useAreaParcel(
    area,
    loader,
    takeover.firstLoadAfter,
    takeover.failFirstView,
    () => firstView !== undefined && visitorActedOnFirstView(),
  );
  // Until its parcel has mounted, a ready area's place is still pending: a host's first view that
  // nests it is not swapped for an empty place, where a press or a typed value would be lost.
  const [mountedAttempt, setMountedAttempt] = useState<number | null>(null);
  const parcelDidMount = useCallback(() => {
    setMountedAttempt(attempt);
    revealLive();
  }, [attempt, revealLive]);
  const props = useMemo<ShellProps>(
    () => ({
      ...shellProps,
      reportAreaError: (crashedArea, error) => crashedArea === area && fail(error),
    }),
    [shellProps, area, fail],
  );

  // Same place in the tree while loading and once ready, so the element is not moved twice: both
  // are a fragment returned here, with the first view second.
  const firstViewElement = firstView && (
    <FirstViewElement key="first-view" area={area} element={firstView} />
  );
  if (state.status === 'failed')
    return <OutletFailed area={area} reason={state.reason} fallback={fallback} onRetry={retry} />;
  if (state.status === 'loading' && !firstViewElement)
    return <OutletLoading area={area} loading={loading} />;
  return (
    <>
      {state.status === 'ready' && (
        <ParcelErrorBoundary key={attempt} onError={fail}>
          <div
            className="area-root"
            data-area={area}
            ref={liveContainer}
            hidden={firstView !== undefined}
            {...(mountedAttempt === attempt ? {} : { [AREA_PENDING_ATTRIBUTE]: '' })}
          >
            <Parcel
              config={state.parcel as unknown as ParcelConfig}
              mountParcel={mountRootParcel}
              wrapWith="div"
              handleError={fail}
              parcelDidMount={parcelDidMount}
              {...props}
            />
          </div>
        </ParcelErrorBoundary>
      )}
      {firstViewElement}
    </>
  );
}

/** The contract's AreaOutlet: lets a remote host another area (checkout's thank-you hosts upgrades). */
export function createNestedAreaOutlet(
  loader: AreaLoader,
  currentProps: { current: Omit<ShellProps, 'reportAreaError'> },
) {
  return function NestedAreaOutlet({ area, areaProps, fallback, loading }: ContractOutletProps) {
    const latest = currentProps.current;
    const shellProps = useMemo(() => ({ ...latest, ...(areaProps ?? {}) }), [latest, areaProps]);
    return (
      <AreaOutlet
        area={area}
        loader={loader}
        shellProps={shellProps}
        fallback={fallback}
        loading={loading}
      />
    );
  };
}
