// The first view's side of an outlet: the server's element stays on screen while the live area
// draws hidden, and both swap in one commit once the live area has settled.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import { handOver, snapshotHandover, whenLiveSettled, type Handover } from './first-view-handover';
import { forgetFirstViewPresses, restoreFirstViewFocus } from './first-view-interactions';

/**
 * Holds the server's element: React made none of its content, so React never touches it, and the
 * element moves in within the commit that cleared #root (no frame is painted without it).
 */
export function FirstViewElement({ area, element }: { area: AreaName; element: HTMLElement }) {
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

interface LoadGate {
  opened: Promise<void>;
  open(): void;
}

/**
 * Read once: the gate holds the outlet's first load only (a "Try again" loads at once), until
 * `loadAfter` settles. Leaving the first view's page opens it too.
 */
function useLoadGate(
  firstView: HTMLElement | undefined,
  loadAfter: Promise<void> | undefined,
): LoadGate | undefined {
  const [gate] = useState(() => {
    if (!firstView || !loadAfter) return undefined;
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    void loadAfter.then(open);
    return { opened, open };
  });
  return gate;
}

/**
 * Swaps the first view for the live area once the live area has mounted and settled: the snapshot
 * and the swap happen in one task (flushSync), and the hand-over in the commit that swaps them (a
 * layout effect), so no keystroke lands in between and is lost with the server's element.
 */
function useLiveReveal(
  firstView: HTMLElement | undefined,
  dropFirstView: () => void,
): { liveContainer: RefObject<HTMLDivElement | null>; revealLive: () => void } {
  const liveContainer = useRef<HTMLDivElement>(null);
  const handover = useRef<Handover | null>(null);
  const revealLive = useCallback(() => {
    const container = liveContainer.current;
    void whenLiveSettled(container).then((controls) => {
      if (firstView) handover.current = snapshotHandover(firstView, container, controls);
      flushSync(dropFirstView);
    });
  }, [firstView, dropFirstView]);
  useLayoutEffect(() => {
    const taken = handover.current;
    if (firstView !== undefined || !taken) return;
    handover.current = null;
    handOver(taken);
  }, [firstView]);
  return { liveContainer, revealLive };
}

export interface FirstViewTakeoverOptions {
  offeredFirstView: HTMLElement | undefined;
  loadAfter: Promise<void> | undefined;
  onFirstViewDone: (() => void) | undefined;
}

/**
 * The first view an outlet shows (kept from its first render: the live area draws hidden and is
 * shown in the same commit that drops it), what its first load waits for, and the live reveal.
 */
export function useFirstViewTakeover({
  offeredFirstView,
  loadAfter,
  onFirstViewDone,
}: FirstViewTakeoverOptions) {
  const [firstView, setFirstView] = useState(offeredFirstView);
  const dropFirstView = useCallback(() => setFirstView(undefined), []);
  // The area failed: the first view gives way to its fallback, and no press on it will be made.
  const failFirstView = useCallback(() => {
    forgetFirstViewPresses();
    setFirstView(undefined);
  }, []);
  const gate = useLoadGate(offeredFirstView, loadAfter);
  const { liveContainer, revealLive } = useLiveReveal(firstView, dropFirstView);
  const [firstOffered] = useState(offeredFirstView);
  useEffect(() => {
    if (firstOffered !== undefined && firstView === undefined) onFirstViewDone?.();
  }, [firstOffered, firstView, onFirstViewDone]);
  // A link followed before the takeover (the first view is of the page left): the new page is not
  // the server's, so its loading state shows until the live area draws it.
  useEffect(() => {
    if (offeredFirstView !== undefined || firstView === undefined) return;
    forgetFirstViewPresses();
    setFirstView(undefined);
    gate?.open();
  }, [offeredFirstView, firstView, gate]);
  return { firstView, firstLoadAfter: gate?.opened, liveContainer, revealLive, failFirstView };
}
