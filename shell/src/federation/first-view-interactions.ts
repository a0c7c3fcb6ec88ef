// Records what the visitor does on a first view before the live area takes over: clicks to replay,
// fields touched, the focused field, links followed and the first interaction.
//
// A first view is real HTML, but its buttons do nothing until the live area takes over. Clicks on
// it are kept and, once the live area shows, replayed on the same control there, so "Add to cart"
// pressed early is not lost; the pressed button shows it is busy until then, and a second press on
// it is not kept again (first-view-presses.ts). Links navigate: as plain links before the shell
// runs, through the shell's history once it does (no page reload). A form on it never submits
// itself: its submit button's click is replayed on the live form instead.
//
// The visitor's first interaction is noted here too: a first view that takes over 'on-interaction'
// loads its area then. An interaction is a pointer pressed, a key pressed or a touch anywhere on the
// page, a mouse moved over it (intent: on a desktop the area then loads before the click), or focus
// arriving in the first view (a screen reader or the browser moving into a field). Scrolling with a
// wheel is not one: the first view is complete and its links work without the area. Scrolling near
// a spot only the live page fills (a below-the-fold form) is: the visitor is about to use it.
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  FIRST_VIEW_WHEN_NEAR_ATTRIBUTE,
} from '@shop/shared/ssr/server-render';
import { addFirstViewStatus, endPresses, notePress } from './first-view-presses';

const clicked: Element[] = [];
// Set once the shell's basics have loaded the first view's actions (kept out of this first chunk).
let actionRunner: ((control: Element) => boolean) | null = null;

/** Lets a press on a marked control be done at once rather than kept (first-view-actions.ts). */
export function setFirstViewActionRunner(run: ((control: Element) => boolean) | null): void {
  actionRunner = run;
}
let recording = false;
let navigate: ((href: string) => void) | null = null;
let interactedAt: number | null = null;
let fieldsTouched = false;
// The first view's element with focus, as focus events tell it, and the one that lost it in the
// task now running (Chromium blurs a node as it is removed; other browsers do so silently).
let focused: Element | null = null;
let blurredNow: Element | null = null;
let interacted: () => void = () => undefined;
// A pointer pressed on the first view and not yet released, and who waits for its release.
let pressing = false;
const releaseWaiters: (() => void)[] = [];
const firstInteraction = new Promise<void>((resolve) => {
  interacted = resolve;
});

/** Resolves at the visitor's first interaction with the page (the same promise every time). */
export function whenFirstInteraction(): Promise<void> {
  return firstInteraction;
}

/** Whether the visitor typed, chose or focused anything in a field of the first view. */
export function firstViewFieldsTouched(): boolean {
  return fieldsTouched;
}

/** Whether the visitor typed in the first view or pressed on it (a press not yet replayed). */
export function visitorActedOnFirstView(): boolean {
  return fieldsTouched || clicked.length > 0;
}

/** When (performance.now()) the visitor first interacted, or null before that. */
export function firstInteractionTime(): number | null {
  return interactedAt;
}

const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;
/**
 * How near the viewport a spot the live page fills starts that page: close enough that a reader
 * scrolling to it finds it filled or filling, far enough that a page whose spot sits just below
 * the fold of a phone does not start on load.
 */
export const WHEN_NEAR_MARGIN = '200px 0px';

function watchFirstInteraction(doc: Document): void {
  const inFirstView = (target: EventTarget | null) =>
    target instanceof Element && target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`) !== null;
  let nearSpots: IntersectionObserver | null = null;
  const noteFirstInteraction = () => {
    if (interactedAt !== null) return;
    for (const type of INTERACTIONS) doc.removeEventListener(type, onEvent, true);
    nearSpots?.disconnect();
    interactedAt = doc.defaultView?.performance.now() ?? 0;
    interacted();
  };
  const onEvent = (event: Event) => {
    // A touch or pen moving is a touch already seen by pointerdown; focus elsewhere is the shell's.
    if (event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse') return;
    if (event.type === 'focusin' && !inFirstView(event.target)) return;
    noteFirstInteraction();
  };
  for (const type of INTERACTIONS)
    doc.addEventListener(type, onEvent, { capture: true, passive: true });
  const spots = doc.querySelectorAll(
    `[${FIRST_VIEW_AREA_ATTRIBUTE}] [${FIRST_VIEW_WHEN_NEAR_ATTRIBUTE}]`,
  );
  const Observer = doc.defaultView?.IntersectionObserver;
  if (spots.length === 0 || !Observer) return;
  nearSpots = new Observer(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) noteFirstInteraction();
    },
    { rootMargin: WHEN_NEAR_MARGIN },
  );
  spots.forEach((spot) => nearSpots!.observe(spot));
}

/** How long a press may hold the swap (a release outside the window may never be reported). */
const PRESS_MAX_HOLD_MS = 3_000;

/**
 * Resolves once no pointer is pressed on the first view, after the click that ends the press was
 * recorded. Swapping mid-press would remove the pressed control, and the browser then fires no
 * click at all: an early tap would be lost instead of replayed.
 */
export function whenFirstViewReleased(): Promise<void> {
  if (!pressing) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PRESS_MAX_HOLD_MS);
    releaseWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function watchPresses(doc: Document): void {
  doc.addEventListener(
    'pointerdown',
    (event) => {
      if (event.target instanceof Element && event.target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`))
        pressing = true;
    },
    { capture: true, passive: true },
  );
  const release = () => {
    if (!pressing) return;
    pressing = false;
    // The click follows pointerup in the same task: waiters run in the next one, after it.
    setTimeout(() => {
      if (pressing) return;
      for (const waiter of releaseWaiters.splice(0)) waiter();
    }, 0);
  };
  for (const type of ['pointerup', 'pointercancel'])
    doc.addEventListener(type, release, { capture: true, passive: true });
}

/** The shell's history, once it exists: links on the first view then change pages in place. */
export function setFirstViewNavigator(push: (href: string) => void): void {
  navigate = push;
}

/**
 * Starts recording the visitor's interactions with the first view (clicks, fields touched, focus,
 * links, submits); index.ts calls it before the shell's code loads.
 */
export function recordFirstViewInteractions(doc: Document): void {
  if (recording) return;
  recording = true;
  addFirstViewStatus(doc);
  watchFirstInteraction(doc);
  watchPresses(doc);
  const inFirstViewField = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (
      target?.matches('input, select, textarea') &&
      target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`)
    )
      fieldsTouched = true;
  };
  for (const type of ['input', 'change', 'focusin'])
    doc.addEventListener(type, inFirstViewField, true);
  // A field may have the focus already (the visitor was quicker than this script).
  const inFirstView = (target: EventTarget | null) =>
    target instanceof Element && target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`) ? target : null;
  focused = inFirstView(doc.activeElement);
  doc.addEventListener('focusin', (event) => (focused = inFirstView(event.target)), true);
  doc.addEventListener(
    'focusout',
    (event) => {
      if (!focused || event.target !== focused) return;
      blurredNow = focused;
      focused = null;
      queueMicrotask(() => (blurredNow = null));
    },
    true,
  );
  // The submit button's (or Enter's implicit) click is kept above; the live form submits it.
  doc.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof Element && event.target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`))
        event.preventDefault();
    },
    true,
  );
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`)) return;
      const link = target.closest('a[href]');
      if (link) {
        const url = new URL((link as HTMLAnchorElement).href, doc.baseURI);
        const plainClick =
          event.button === 0 &&
          !event.metaKey &&
          !event.ctrlKey &&
          !event.shiftKey &&
          !event.altKey;
        if (
          navigate &&
          plainClick &&
          url.origin === doc.location.origin &&
          !link.hasAttribute('target') &&
          !link.hasAttribute('download')
        ) {
          event.preventDefault();
          navigate(url.pathname + url.search + url.hash);
        }
        return;
      }
      const control =
        target.closest('button, input, select, textarea, label, [role="button"]') ?? target;
      // Done by the first script itself (first-view-actions.ts): nothing to replay.
      if (actionRunner?.(control)) {
        event.preventDefault();
        return;
      }
      if (notePress(control)) clicked.push(control);
    },
    true,
  );
}

/**
 * Gives focus back to the element of `firstView` that lost it when the shell's first render moved
 * the first view into its outlet (React clears #root, and a removed node loses focus): else what
 * the visitor types next goes nowhere, e.g. into the field they had just clicked. Caret kept.
 */
export function restoreFirstViewFocus(firstView: Element): void {
  const lost = focused ?? blurredNow;
  const doc = firstView.ownerDocument;
  if (!(lost instanceof HTMLElement) || !firstView.contains(lost) || !lost.isConnected) return;
  if (doc.activeElement !== null && doc.activeElement !== doc.body) return;
  const text =
    lost instanceof HTMLInputElement || lost instanceof HTMLTextAreaElement ? lost : null;
  let caret: [number | null, number | null, 'forward' | 'backward' | 'none' | null] | null = null;
  try {
    if (text) caret = [text.selectionStart, text.selectionEnd, text.selectionDirection];
  } catch {
    // A field type without a caret (email, number).
  }
  lost.focus({ preventScroll: true });
  if (text && caret && caret[0] !== null && caret[1] !== null)
    text.setSelectionRange(caret[0], caret[1], caret[2] ?? undefined);
}

/** Drops the presses kept so far, and their busy marks: the first view went without a hand-over. */
export function forgetFirstViewPresses(): void {
  clicked.length = 0;
  endPresses();
}

/** The clicks kept so far; each is handed out once. */
export function takeFirstViewClicks(): Element[] {
  return clicked.splice(0);
}

/** Child-element indexes from `root` down to `target`, or null when it is not inside. */
export function pathTo(root: Element, target: Element): number[] | null {
  const path: number[] = [];
  for (let node: Element | null = target; node !== root; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

/**
 * The live counterpart of an element of the first view: same place in the tree, same tag and
 * text. Anything else means the pages differ there, and nothing is replayed.
 */
export function counterpartOf(
  firstView: Element,
  live: Element,
  target: Element,
): HTMLElement | null {
  const path = pathTo(firstView, target);
  if (!path) return null;
  let node: Element | undefined = live;
  for (const index of path) node = node?.children[index];
  if (
    !(node instanceof HTMLElement) ||
    node.tagName !== target.tagName ||
    node.textContent !== target.textContent
  )
    return null;
  return node;
}
