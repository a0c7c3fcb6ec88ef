// The hand-over from a first view to the live area: wait until the live copy has finished drawing,
// note what the visitor was doing on the first view, and carry it to the live page in the commit
// that swaps them (values typed, focus and caret, clicks replayed on the same controls).
import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import type { Caret } from './first-view-controls';
import {
  counterpartOf,
  firstViewFieldsTouched,
  takeFirstViewClicks,
  whenFirstViewReleased,
} from './first-view-interactions';
import { endPresses } from './first-view-presses';

type FieldControls = typeof import('./first-view-controls');

/** What the swap hands over from the first view to the live page. */
export interface Handover {
  element: HTMLElement;
  live: Element | null;
  focused: Element | null;
  caret: Caret | null;
  controls: FieldControls | null;
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
 * Resolves once the live copy in `container` has settled and no press on the first view is under
 * way, with the form helpers when the visitor touched a field of the first view (else null). The
 * helpers are a chunk of their own, fetched only then; asked again once settled, so a field first
 * touched while the live page rendered is carried too.
 */
export function whenLiveSettled(container: HTMLElement | null): Promise<FieldControls | null> {
  const loadControls = () => import('./first-view-controls').catch(() => null);
  const early = firstViewFieldsTouched() ? loadControls() : null;
  return (async () => {
    if (container) await whenSettled(container);
    for (;;) {
      const controls = await (early ?? (firstViewFieldsTouched() ? loadControls() : null));
      // Last, so the caller snapshots and swaps in the task the press ended in.
      await whenFirstViewReleased();
      // A press into a field can be what first touched one: fetch the helpers, then look again.
      if (controls || !firstViewFieldsTouched()) return controls;
    }
  })();
}

/** What the visitor is doing on `element` now; taken in the task that swaps, so no keystroke falls between. */
export function snapshotHandover(
  element: HTMLElement,
  container: HTMLElement | null,
  controls: FieldControls | null,
): Handover {
  return {
    element,
    live: container?.firstElementChild ?? null,
    focused: document.activeElement,
    caret: controls?.caretOf(document.activeElement) ?? null,
    controls,
  };
}

function counterpartIn({ element, live }: Handover, target: Element | null): HTMLElement | null {
  return live && target ? counterpartOf(element, live, target) : null;
}

/**
 * The live controls to click again: a click that changed or focused a field is carried as its
 * value, not replayed. Taken after the values were carried.
 */
function liveClickTargets(taken: Handover): (HTMLElement | null)[] {
  return takeFirstViewClicks()
    .filter((target) => !taken.controls?.carriesItsOwnState(target))
    .map((target) => counterpartIn(taken, target));
}

/** Moves focus (and, with the form helpers, the caret) to the live field; returns that field. */
function moveFocusToLive(taken: Handover): HTMLElement | null {
  const { element, live, focused, caret, controls } = taken;
  const liveFocus =
    controls && live ? controls.liveFocusOf(element, live, focused) : counterpartIn(taken, focused);
  if (liveFocus) {
    if (controls) controls.moveFocus(caret, liveFocus);
    else liveFocus.focus({ preventScroll: true });
  }
  return liveFocus;
}

/**
 * What the visitor typed, clicked or focused on the first view, found again in the live page. Typed
 * values first, then the clicks: a "Log in" pressed early submits what was typed.
 */
export function handOver(taken: Handover): void {
  const { element, live, caret, controls } = taken;
  if (controls && live) controls.carryFieldValues(element, live);
  const clicks = liveClickTargets(taken);
  const liveFocus = moveFocusToLive(taken);
  const releaseHeld = live ? holdClicksOn(live) : () => [];
  afterCarriedValuesRender(() => {
    if (controls && liveFocus) controls.placeCaret(caret, liveFocus);
    const held = releaseHeld();
    for (const target of [...clicks, ...held]) target?.click();
    endPresses();
  });
}

/**
 * Until the carried values have rendered, a click on the live page (one the busy browser delivered
 * just after the swap) would reach a handler that does not see them yet: "Next" with the answer
 * chosen on the first view still unknown. Such clicks are held and made after the replayed ones.
 */
function holdClicksOn(live: Element): () => HTMLElement[] {
  const held: HTMLElement[] = [];
  const doc = live.ownerDocument;
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target || !live.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
  };
  doc.addEventListener('click', hold, true);
  return () => {
    doc.removeEventListener('click', hold, true);
    return held.splice(0);
  };
}

/** Runs `next` in a message task queued now (after any message task queued before it). */
function nextMessageTask(next: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(next, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    next();
  };
  channel.port2.postMessage(null);
}

/**
 * Runs `then` once the live page has rendered the values carried just now, so a replayed click's
 * handler sees them: antd's Form.useWatch tells the page of a change in a message task, and React
 * renders what that set in a message task of its own, so the second of two hops comes after both.
 */
function afterCarriedValuesRender(then: () => void): void {
  nextMessageTask(() => nextMessageTask(then));
}
