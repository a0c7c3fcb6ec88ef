// A first view's commonest taps are carried out by the shell's first script itself, so their result
// shows within a second on a slow phone instead of after the shell and the area have started: the
// tap shows its effect at once, makes one request, and the page settles with the server's answer
// (or rolls back with a message). Such a press is not replayed on the live page: it is done. The
// live page then starts from the answer, written into the first view's state before the shell
// reads it. Once the shell's runtime exists (it owns the queries), presses are replayed as before.
import { FIRST_VIEW_ACTION_ATTRIBUTE, FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import type { FirstViewQuery } from '@shop/shared/ssr/server-render';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import { setFirstViewActionRunner } from './first-view-interactions';
import { endPress, notePress } from './first-view-presses';

/** On <html> while the first script does a first view's marked taps (from the basics' start to the shell's). */
export const ACTIONS_OPEN_ATTRIBUTE = 'data-first-view-actions';
/** On <html> while a first view's action waits for the server (the bench and tests read it). */
export const ACTION_PENDING_ATTRIBUTE = 'data-first-view-action-pending';

/** A refused request: its status and the body of the answer (our error shape, or null). */
export class FirstViewRequestError extends Error {
  constructor(
    path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${path} answered ${status}`);
  }
}

/** The shop's three API clients, as the runtime config names their base URLs. */
export type ApiName = 'content' | 'connect' | 'payments';

/** What an action may use: the page, the cart's session and the APIs, and analytics. */
export interface FirstViewActionContext {
  doc: Document;
  sessionId: string;
  /** Sends a JSON request to one of the APIs (content by default); a non-2xx answer rejects with a FirstViewRequestError. */
  send<T>(method: 'GET' | 'POST', path: string, body?: unknown, api?: ApiName): Promise<T>;
  track: Track;
  /** The first view's seeded queries, changed in place: the live page starts from them. */
  updateQueries(change: (queries: FirstViewQuery[]) => FirstViewQuery[]): void;
  /**
   * Opens another page of the site (a full load: the shell is not running yet); `replace`: in
   * place of this one in the history, as the live page's navigate({ replace }).
   */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** The first view's seeded queries as they are now. */
  queries(): readonly FirstViewQuery[];
}

/**
 * What an action's request resolves with when the live page is to show the answer (one the first
 * view cannot draw): the press stays busy until the live page takes over, and is not replayed.
 */
export const SHOWN_BY_LIVE_PAGE = 'shown-by-live-page';

/**
 * An action: given the pressed control, shows the press's effect at once and returns the request
 * to make in its turn, or returns null, untouched, when it cannot do this press itself (the press
 * is then replayed on the live page as any other).
 */
export type FirstViewAction = (
  control: HTMLElement,
  context: FirstViewActionContext,
) => (() => Promise<void | typeof SHOWN_BY_LIVE_PAGE>) | null;

let context: FirstViewActionContext | null = null;
const actions = new Map<string, FirstViewAction>();
// One after the other, in the order tapped: "+" then "+" is 3, never 2.
let queue: Promise<void> = Promise.resolve();
let inFlight = 0;

/** Registers what a control marked `data-first-view-action="<name>"` does. */
export function defineFirstViewAction(name: string, action: FirstViewAction): void {
  actions.set(name, action);
}

/** Lets the first view's actions run (shell-basics.ts, once the page's session is known). */
export function openFirstViewActions(next: FirstViewActionContext): void {
  context = next;
  setFirstViewActionRunner(runFirstViewAction);
  next.doc.documentElement.setAttribute(ACTIONS_OPEN_ATTRIBUTE, '');
}

/**
 * Ends the first view's actions: presses from now on are replayed on the live page. Resolves when
 * those already made have settled, so the shell reads the first view's state after their answers.
 */
export function closeFirstViewActions(): Promise<void> {
  context?.doc.documentElement.removeAttribute(ACTIONS_OPEN_ATTRIBUTE);
  context = null;
  setFirstViewActionRunner(null);
  return queue;
}

/** Carries out a press on a first view's marked control; false when it is not one it can do. */
export function runFirstViewAction(target: Element): boolean {
  const control = target.closest<HTMLElement>(`[${FIRST_VIEW_ACTION_ATTRIBUTE}]`);
  const action = control && actions.get(control.getAttribute(FIRST_VIEW_ACTION_ATTRIBUTE) ?? '');
  if (!context || !control || !action) return false;
  // A second press while the first is on its way is the same press (a busy button says so).
  if (control.getAttribute('aria-busy') === 'true') return true;
  const work = action(control, context);
  if (!work) return false;
  const html = context.doc.documentElement;
  inFlight += 1;
  html.setAttribute(ACTION_PENDING_ATTRIBUTE, '');
  notePress(control);
  let busyUntilLive = false;
  queue = queue
    .then(work)
    .then((outcome) => {
      busyUntilLive = outcome === SHOWN_BY_LIVE_PAGE;
    })
    .catch(() => undefined)
    .finally(() => {
      // The hand-over to the live page ends every press still busy (first-view-handover.ts).
      if (!busyUntilLive) endPress(control);
      inFlight -= 1;
      if (inFlight === 0) html.removeAttribute(ACTION_PENDING_ATTRIBUTE);
    });
  return true;
}

/** The context over the real page: fetch against the content API, the state script in the DOM. */
export function createFirstViewActionContext(options: {
  doc: Document;
  sessionId: string;
  baseUrls: Record<ApiName, string>;
  track: FirstViewActionContext['track'];
}): FirstViewActionContext {
  const { doc } = options;
  const stateScript = () => doc.getElementById(FIRST_VIEW_STATE_ID);
  const readState = (): { queries?: FirstViewQuery[] } | null => {
    try {
      return JSON.parse(stateScript()?.textContent ?? 'null') as { queries?: FirstViewQuery[] };
    } catch {
      return null;
    }
  };
  return {
    doc,
    sessionId: options.sessionId,
    track: options.track,
    async send<T>(method: 'GET' | 'POST', path: string, body?: unknown, api: ApiName = 'content') {
      const url = new URL(path, new URL(options.baseUrls[api] || '/', doc.baseURI));
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new FirstViewRequestError(path, response.status, answer);
      return answer as T;
    },
    navigate: (path, { replace = false } = {}) =>
      replace ? doc.location.replace(path) : doc.location.assign(path),
    queries: () => readState()?.queries ?? [],
    updateQueries(change) {
      const state = readState();
      const script = stateScript();
      if (!state || !script || !Array.isArray(state.queries)) return;
      state.queries = change(state.queries);
      script.textContent = JSON.stringify(state);
    },
  };
}
