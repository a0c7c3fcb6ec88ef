// The first view's actions over the test page (jsdom): opened with the API calls a test answers,
// and what they leave in the page's state script and on <html>.
import { FIRST_VIEW_STATE_ID, type FirstViewQuery } from '@shop/shared/ssr/server-render';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import {
  ACTION_PENDING_ATTRIBUTE,
  closeFirstViewActions,
  createFirstViewActionContext,
  openFirstViewActions,
  type FirstViewActionContext,
} from '../../src/federation/first-view-actions';
import {
  recordFirstViewInteractions,
  takeFirstViewClicks,
} from '../../src/federation/first-view-interactions';
import { endPresses } from '../../src/federation/first-view-presses';

export { takeFirstViewClicks };

/** Records presses on this document from now on, as the first script does. */
export const recordPresses = () => recordFirstViewInteractions(document);

/** Opens the actions on this document, with `calls` in place of the real requests. */
export function openActions(track: Track, calls: Partial<FirstViewActionContext>): void {
  const context = createFirstViewActionContext({
    doc: document,
    sessionId: 'session-1',
    baseUrls: { content: '', connect: '', payments: '' },
    track,
  });
  openFirstViewActions({ ...context, ...calls });
}

/** The first view's seeded queries as the live page will read them. */
export const seededQueries = () =>
  (
    JSON.parse(document.getElementById(FIRST_VIEW_STATE_ID)!.textContent!) as {
      queries: FirstViewQuery[];
    }
  ).queries;

/** Whether an action waits for the server. */
export const actionPending = () => document.documentElement.hasAttribute(ACTION_PENDING_ATTRIBUTE);

/**
 * Closes the actions once their work has settled, drops the presses kept for replay and ends
 * those still busy, as the live page's hand-over does.
 */
export async function closeActions(): Promise<void> {
  await closeFirstViewActions();
  takeFirstViewClicks();
  endPresses();
}
