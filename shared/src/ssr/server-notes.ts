// What a page says about itself as it opens (its tab title, its page-open analytics) happens in
// effects, which a server render does not run. A page's hooks note the same things here during a
// server render, so a first view that waits for the visitor carries them: the title in its HTML,
// the events sent when the page opens. In the browser nothing records and the notes do nothing.
import type { FirstViewEvent } from './server-render';

export interface ServerNotes {
  /** The tab title the live page would set (documentTitleOf already applied), last one wins. */
  title: string | null;
  /** The analytics events the live page would send at open, in render order. */
  openEvents: FirstViewEvent[];
}

/** The notes of the server render running now (renders are synchronous). */
let notes: ServerNotes | null = null;

/** Runs a synchronous render and returns it with what its pages noted. */
export function recordServerNotes<T>(render: () => T): { result: T; notes: ServerNotes } {
  const outer = notes;
  const current: ServerNotes = { title: null, openEvents: [] };
  notes = current;
  try {
    return { result: render(), notes: current };
  } finally {
    notes = outer;
  }
}

/** Called while rendering: the page's tab title, as its effect would set it in the browser. */
export function noteServerTitle(title: string): void {
  if (notes) notes.title = title;
}

/**
 * Called while rendering: an event the page sends when it opens, as its effect would. It is made
 * only when a server render is recording, so the browser's renders pay nothing for it.
 */
export function noteServerOpenEvent(makeEvent: () => FirstViewEvent): void {
  notes?.openEvents.push(makeEvent());
}

/** A `<title>` element for the head, its text escaped. */
export function titleElement(title: string): string {
  const text = title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return `<title>${text}</title>`;
}
