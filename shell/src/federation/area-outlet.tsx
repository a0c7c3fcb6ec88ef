// Mounts one area's parcel with single-spa-react's <Parcel>, and keeps a failure inside the area:
// loading, timeout, a contract mismatch, a mount error or a render crash all end in the area fallback.
import { Component, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import type { AreaName, AreaOutletProps as ContractOutletProps, ShellProps } from '@shop/shared/shell-contract/shell-props';
import { AreaFallback, AreaLoading } from './area-fallback';
import { AreaLoadError, type AreaLoader, type AreaLoadFailure, type AreaParcel } from './area-loader';

type OutletState =
  | { status: 'loading' }
  | { status: 'ready'; parcel: AreaParcel }
  | { status: 'failed'; reason: AreaLoadFailure | 'crashed' };

class ParcelErrorBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface AreaOutletProps {
  area: AreaName;
  loader: AreaLoader;
  shellProps: Omit<ShellProps, 'reportAreaError'>;
  /** A nested slot's own quiet fallback and loading state (see the contract's AreaOutletProps). */
  fallback?: ReactNode;
  loading?: ReactNode;
}

export function AreaOutlet({ area, loader, shellProps, fallback, loading }: AreaOutletProps) {
  const [state, setState] = useState<OutletState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const fail = useCallback(
    (error: unknown) => {
      console.error(`[shell] ${area} area failed`, error);
      setState({ status: 'failed', reason: error instanceof AreaLoadError ? error.failure : 'crashed' });
    },
    [area],
  );

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const show = (parcel: AreaParcel) => live && setState({ status: 'ready', parcel });
    (attempt === 0 ? loader.load(area) : loader.reload(area)).then(show, (error: unknown) => {
      if (!live) return;
      fail(error);
      // Slow is not down: if the load that timed out still arrives, it replaces the fallback.
      if (error instanceof AreaLoadError && error.failure === 'timeout') loader.lateArrival(area)?.then(show, () => undefined);
    });
    return () => {
      live = false;
    };
  }, [area, attempt, loader, fail]);

  const props = useMemo<ShellProps>(
    () => ({ ...shellProps, reportAreaError: (crashedArea, error) => crashedArea === area && fail(error) }),
    [shellProps, area, fail],
  );

  if (state.status === 'loading') return loading !== undefined ? <>{loading}</> : <AreaLoading area={area} />;
  if (state.status === 'failed') {
    if (fallback !== undefined)
      return (
        <div className="area-fallback-quiet" data-area-fallback={area} data-reason={state.reason}>
          {fallback}
          {/* A quiet slot still recovers without a page reload. */}
          <button type="button" className="area-retry-quiet" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      );
    return <AreaFallback area={area} reason={state.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <ParcelErrorBoundary key={attempt} onError={fail}>
      <div className="area-root" data-area={area}>
        <Parcel config={state.parcel as unknown as ParcelConfig} mountParcel={mountRootParcel} wrapWith="div" handleError={fail} {...props} />
      </div>
    </ParcelErrorBoundary>
  );
}

/** The contract's AreaOutlet: lets a remote host another area (checkout's thank-you hosts upgrades). */
export function createNestedAreaOutlet(loader: AreaLoader, currentProps: { current: Omit<ShellProps, 'reportAreaError'> }) {
  return function NestedAreaOutlet({ area, areaProps, fallback, loading }: ContractOutletProps) {
    const latest = currentProps.current;
    const shellProps = useMemo(() => ({ ...latest, ...(areaProps ?? {}) }), [latest, areaProps]);
    return <AreaOutlet area={area} loader={loader} shellProps={shellProps} fallback={fallback} loading={loading} />;
  };
}
