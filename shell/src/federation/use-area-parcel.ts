// Loads one area's parcel for an outlet: loading, ready or failed (with why), and "Try again".
import { useCallback, useEffect, useState } from 'react';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import {
  AreaLoadError,
  type AreaLoader,
  type AreaLoadFailure,
  type AreaParcel,
} from './area-loader';

export type OutletState =
  | { status: 'loading' }
  | { status: 'ready'; parcel: AreaParcel }
  | { status: 'failed'; reason: AreaLoadFailure | 'crashed' };

/**
 * The area's load state. The first load waits for `firstLoadAfter` when given (a retry loads at
 * once); `fail` also takes a mount error or a render crash, and calls `onFailed`.
 */
export function useAreaParcel(
  area: AreaName,
  loader: AreaLoader,
  firstLoadAfter: Promise<void> | undefined,
  onFailed: () => void,
) {
  const [state, setState] = useState<OutletState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const fail = useCallback(
    (error: unknown) => {
      console.error(`[shell] ${area} area failed`, error);
      setState({
        status: 'failed',
        reason: error instanceof AreaLoadError ? error.failure : 'crashed',
      });
      onFailed();
    },
    [area, onFailed],
  );

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const show = (parcel: AreaParcel) => live && setState({ status: 'ready', parcel });
    const start = () => {
      if (!live) return;
      (attempt === 0 ? loader.load(area) : loader.reload(area)).then(show, (error: unknown) => {
        if (!live) return;
        fail(error);
        // Slow is not down: if the load that timed out still arrives, it replaces the fallback.
        if (error instanceof AreaLoadError && error.failure === 'timeout')
          loader.lateArrival(area)?.then(show, () => undefined);
      });
    };
    if (attempt === 0 && firstLoadAfter) void firstLoadAfter.then(start);
    else start();
    return () => {
      live = false;
    };
  }, [area, attempt, loader, fail, firstLoadAfter]);

  return { state, attempt, retry, fail };
}
