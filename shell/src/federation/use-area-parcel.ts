// Loads one area's parcel for an outlet: loading, ready or failed (with why), and "Try again".
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import {
  AreaLoadError,
  type AreaLoader,
  type AreaLoadFailure,
  type AreaParcel,
} from './area-loader';

/** How long a first view the visitor acted on waits for its area past the load's deadline. */
const FIRST_VIEW_LATE_WAIT_MS = 10_000;

export type OutletState =
  | { status: 'loading' }
  | { status: 'ready'; parcel: AreaParcel }
  | { status: 'failed'; reason: AreaLoadFailure | 'crashed' };

/**
 * The area's load state. The first load waits for `firstLoadAfter` when given (a retry loads at
 * once); `fail` also takes a mount error or a render crash, and calls `onFailed`. A load past its
 * deadline is awaited behind a first view while `waitsBehindFirstView()` says so (at most
 * `FIRST_VIEW_LATE_WAIT_MS`), not failed at once.
 */
export function useAreaParcel(
  area: AreaName,
  loader: AreaLoader,
  firstLoadAfter: Promise<void> | undefined,
  onFailed: () => void,
  waitsBehindFirstView: () => boolean = () => false,
) {
  const [state, setState] = useState<OutletState>({ status: 'loading' });
  const behindFirstView = useRef(waitsBehindFirstView);
  behindFirstView.current = waitsBehindFirstView;
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
        // Slow is not down: if the load that timed out still arrives, it replaces the fallback.
        const late =
          error instanceof AreaLoadError && error.failure === 'timeout'
            ? loader.lateArrival(area)
            : undefined;
        // A first view the visitor typed or pressed on stays (a phone on slow 4G misses the
        // deadline): the fallback would drop what they did. It waits for the area, within reason.
        if (late && behindFirstView.current()) {
          let waiting = true;
          const giveUp = () => {
            if (waiting && live) fail(error);
            waiting = false;
          };
          const timer = setTimeout(giveUp, FIRST_VIEW_LATE_WAIT_MS);
          late.then(
            (parcel) => {
              clearTimeout(timer);
              waiting = false;
              show(parcel);
            },
            () => {
              clearTimeout(timer);
              giveUp();
            },
          );
          return;
        }
        fail(error);
        late?.then(show, () => undefined);
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
