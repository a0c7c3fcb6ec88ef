// When the shell's React part starts on a page the server drew.
import { VISITOR_FRAME_KEY } from '@shop/shared/client-state/client-storage';
import {
  readStoredItem,
  writeStoredItem,
  type KeyValueStorage,
} from '@shop/shared/client-state/key-value-storage';
import type { FirstViewState } from '@shop/shared/ssr/server-render';

/** Whether the frame drawn for anyone (signed out, empty cart) is this visitor's, as last seen here. */
export const plainVisitor = (storage: KeyValueStorage): boolean =>
  readStoredItem(storage, VISITOR_FRAME_KEY) !== 'personal';

/** Set on <html> when this browser was last seen signed out: the header's pending "Log in" shows. */
export const PLAIN_VISITOR_ATTRIBUTE = 'data-plain-visitor';

/** Marks the document for a visitor last seen signed out, before anything renders the header. */
export function markPlainVisitor(doc: Document, storage: KeyValueStorage): void {
  if (plainVisitor(storage)) doc.documentElement.setAttribute(PLAIN_VISITOR_ATTRIBUTE, '');
}

/** Remembers what the header showed this visitor, for the next page load's first view. */
export function rememberVisitorFrame(
  storage: KeyValueStorage,
  visitor: { signedIn: boolean; cartCount: number },
): void {
  const frame = visitor.signedIn || visitor.cartCount > 0 ? 'personal' : 'plain';
  if (readStoredItem(storage, VISITOR_FRAME_KEY) !== frame)
    writeStoredItem(storage, VISITOR_FRAME_KEY, frame);
}

/**
 * Whether the shell renders only at the visitor's first interaction. It does when the server's
 * first view is already the whole page for this visitor: its area takes over on interaction, and
 * its frame shows what the shell would (drawn as this visitor, or drawn for anyone and this
 * visitor was last seen signed out with an empty cart), and on a partner's page so does its head. Until then the page is the server's HTML,
 * its links plain links, and no React work competes with the visitor's first seconds on a phone.
 */
export function rendersOnFirstInteraction(
  firstView: Pick<FirstViewState, 'takeover' | 'frame' | 'b2bKey' | 'partnerHead'>,
  storage: KeyValueStorage,
): boolean {
  if (firstView.takeover !== 'on-interaction') return false;
  // A partner's page whose head (icon, meta tags) the server did not draw needs the shell to set it.
  if (firstView.b2bKey && !firstView.partnerHead) return false;
  return firstView.frame === 'visitor' || plainVisitor(storage);
}
