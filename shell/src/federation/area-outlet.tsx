// Mounts one area's parcel with single-spa-react's <Parcel>, and keeps a failure inside the area:
// loading, timeout, a contract mismatch, a mount error or a render crash all end in the area fallback.
import {
  Component,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import type {
  AreaName,
  AreaOutletProps as ContractOutletProps,
  ShellProps,
} from '@shop/shared/shell-contract/shell-props';
import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { AreaFallback, AreaLoading } from './area-fallback';
import {
  counterpartOf,
  firstViewFieldsTouched,
  restoreFirstViewFocus,
  takeFirstViewClicks,
} from './first-view-interactions';
import type { Caret } from './first-view-controls';
import {
  AreaLoadError,
  type AreaLoader,
  type AreaLoadFailure,
  type AreaParcel,
} from './area-loader';

type OutletState =
  | { status: 'loading' }
  | { status: 'ready'; parcel: AreaParcel }
  | { status: 'failed'; reason: AreaLoadFailure | 'crashed' };

class ParcelErrorBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
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

/** How long a first view may wait for the live area to finish its placeholders before it gives way. */
export const FIRST_VIEW_MAX_WAIT_MS = 5_000;

/**
 * Resolves once `container` holds no "still loading" placeholder (or after the wait limit), so the
 * first view is swapped for a finished page, never for a spinner.
 */
export function whenSettled(
  container: HTMLElement,
  maxWaitMs = FIRST_VIEW_MAX_WAIT_MS,
): Promise<void> {
  const pending = () => container.querySelector(`[${AREA_PENDING_ATTRIBUTE}]`) !== null;
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!pending()) done();
    });
    observer.observe(container, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [AREA_PENDING_ATTRIBUTE],
    });
    const timer = setTimeout(done, maxWaitMs);
  });
}

/**
 * Holds the server's element: React made none of its content, so React never touches it, and the
 * element moves in within the commit that cleared #root (no frame is painted without it).
 */
function FirstViewElement({ area, element }: { area: AreaName; element: HTMLElement }) {
  const adopt = useCallback(
    (holder: HTMLDivElement | null) => {
      if (holder && element.parentNode !== holder) {
        holder.appendChild(element);
        // A field the visitor was in keeps the focus (the move dropped it).
        restoreFirstViewFocus(element);
      }
    },
    [element],
  );
  // Marked as the area's loading state, which it is until the live area shows.
  return (
    <div data-first-view="" data-area-loading={area} style={{ display: 'contents' }} ref={adopt} />
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
  const [state, setState] = useState<OutletState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Kept from the outlet's first render: the live area draws hidden and is shown in the same commit
  // that drops the first view.
  const [firstView, setFirstView] = useState(offeredFirstView);
  // Read once: the gate holds the outlet's first load only (a "Try again" loads at once). Leaving
  // the first view's page opens it too.
  const [gate] = useState(() => {
    if (!offeredFirstView || !loadAfter) return undefined;
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    void loadAfter.then(open);
    return { opened, open };
  });
  const liveContainer = useRef<HTMLDivElement>(null);
  // What the swap hands over from the first view to the live page, done in the commit that swaps
  // them (a layout effect: no keystroke can land in between and be lost with the server's element).
  const handover = useRef<{
    element: HTMLElement;
    live: Element | null;
    focused: Element | null;
    caret: Caret | null;
    controls: typeof import('./first-view-controls') | null;
  } | null>(null);
  const revealLive = useCallback(() => {
    const container = liveContainer.current;
    // The form helpers are a chunk of their own, fetched only when the visitor typed into, chose in
    // or focused a field of the first view; otherwise the takeover is as before.
    // Asked again once the live page has settled: a field first touched while it rendered is carried too.
    const loadControls = () => import('./first-view-controls').catch(() => null);
    const early = firstViewFieldsTouched() ? loadControls() : null;
    void Promise.resolve(container ? whenSettled(container) : undefined)
      .then(() => early ?? (firstViewFieldsTouched() ? loadControls() : null))
      .then((controls) => {
        // The snapshot and the swap happen in one task (flushSync): a field focused in between would
        // otherwise get its keystrokes typed into the live copy of the field focused before.
        if (firstView)
          handover.current = {
            element: firstView,
            live: container?.firstElementChild ?? null,
            focused: document.activeElement,
            caret: controls?.caretOf(document.activeElement) ?? null,
            controls,
          };
        flushSync(() => setFirstView(undefined));
      });
  }, [firstView]);
  useLayoutEffect(() => {
    const taken = handover.current;
    if (firstView !== undefined || !taken) return;
    handover.current = null;
    // What the visitor typed, clicked or focused on the first view, found again in the live page.
    const { element, live, focused, caret, controls } = taken;
    const counterpart = (target: Element | null) =>
      live && target ? counterpartOf(element, live, target) : null;
    // Typed values first, then the clicks: a "Log in" pressed early submits what was typed. A click
    // that changed or focused a field is carried as its value, not replayed.
    if (controls && live) controls.carryFieldValues(element, live);
    const clicks = takeFirstViewClicks()
      .filter((target) => !controls?.carriesItsOwnState(target))
      .map(counterpart);
    const liveFocus =
      controls && live ? controls.liveFocusOf(element, live, focused) : counterpart(focused);
    if (liveFocus) {
      if (controls) controls.moveFocus(caret, liveFocus);
      else liveFocus.focus({ preventScroll: true });
    }
    // After React has taken in the carried values.
    setTimeout(() => {
      if (controls && liveFocus) controls.placeCaret(caret, liveFocus);
      for (const target of clicks) target?.click();
    }, 0);
  }, [firstView]);
  const [firstOffered] = useState(offeredFirstView);
  useEffect(() => {
    if (firstOffered !== undefined && firstView === undefined) onFirstViewDone?.();
  }, [firstOffered, firstView, onFirstViewDone]);
  // A link followed before the takeover (the first view is of the page left): the new page is not
  // the server's, so its loading state shows until the live area draws it.
  useEffect(() => {
    if (offeredFirstView !== undefined || firstView === undefined) return;
    setFirstView(undefined);
    gate?.open();
  }, [offeredFirstView, firstView, gate]);

  const fail = useCallback(
    (error: unknown) => {
      console.error(`[shell] ${area} area failed`, error);
      setState({
        status: 'failed',
        reason: error instanceof AreaLoadError ? error.failure : 'crashed',
      });
      setFirstView(undefined);
    },
    [area],
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
    if (attempt === 0 && gate) void gate.opened.then(start);
    else start();
    return () => {
      live = false;
    };
  }, [area, attempt, loader, fail, gate]);

  const props = useMemo<ShellProps>(
    () => ({
      ...shellProps,
      reportAreaError: (crashedArea, error) => crashedArea === area && fail(error),
    }),
    [shellProps, area, fail],
  );

  // Same place in the tree while loading and once ready, so the element is not moved twice.
  const firstViewElement = firstView && (
    <FirstViewElement key="first-view" area={area} element={firstView} />
  );
  if (state.status === 'loading') {
    if (firstViewElement)
      return (
        <>
          {null}
          {firstViewElement}
        </>
      );
    // A host's own loading state is still marked as this area's, so the wait can be told apart.
    if (loading !== undefined)
      return (
        <div data-area-loading={area} style={{ display: 'contents' }}>
          {loading}
        </div>
      );
    return <AreaLoading area={area} />;
  }
  if (state.status === 'failed') {
    if (fallback !== undefined)
      return (
        <div className="area-fallback-quiet" data-area-fallback={area} data-reason={state.reason}>
          {fallback}
          {/* A quiet slot still recovers without a page reload. */}
          <button
            type="button"
            className="area-retry-quiet"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      );
    return (
      <AreaFallback area={area} reason={state.reason} onRetry={() => setAttempt((n) => n + 1)} />
    );
  }
  const firstViewShown = firstView !== undefined;
  return (
    <>
      <ParcelErrorBoundary key={attempt} onError={fail}>
        <div className="area-root" data-area={area} ref={liveContainer} hidden={firstViewShown}>
          <Parcel
            config={state.parcel as unknown as ParcelConfig}
            mountParcel={mountRootParcel}
            wrapWith="div"
            handleError={fail}
            parcelDidMount={revealLive}
            {...props}
          />
        </div>
      </ParcelErrorBoundary>
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
