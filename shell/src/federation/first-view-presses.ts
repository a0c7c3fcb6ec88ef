// A press on a first view's button is kept and replayed on the live page once it shows, which on a
// slow phone is a second or more later. The button answers at once all the same: it is marked busy
// (aria-busy, and a spinner in place of its label from the shell's inline CSS, so nothing has to
// download to draw it) and "Loading…" is announced, until the press is replayed or the area fails.

/** The attribute the shell's CSS draws a pressed first-view control's spinner from. */
const PRESSED_ATTRIBUTE = 'data-first-view-pressed';

/** Controls a press is replayed on as a press (a field's or label's click carries its state instead). */
const PRESSABLE =
  'button, [role="button"], input[type="submit"], input[type="button"], input[type="image"]';

const pressed = new Set<Element>();
let status: HTMLElement | null = null;

/**
 * Adds the polite status region a press is announced in, if it is not there. Added as the shell
 * starts, before any press (a region filled as it appears is often not read out); outside #root,
 * so the shell's render leaves it alone. Removed once the first view's presses are done.
 */
export function addFirstViewStatus(doc: Document): HTMLElement {
  if (status?.isConnected) return status;
  status = doc.createElement('div');
  status.setAttribute('role', 'status');
  status.className = 'visually-hidden';
  doc.body.appendChild(status);
  return status;
}

/**
 * Notes a press on `control` of the first view. Returns false for a control already busy: the
 * press it shows is still to be made, and a second one would be a second "Add to cart".
 */
export function notePress(control: Element): boolean {
  if (!control.matches(PRESSABLE)) return true;
  if (pressed.has(control)) return false;
  pressed.add(control);
  control.setAttribute('aria-busy', 'true');
  control.setAttribute(PRESSED_ATTRIBUTE, '');
  addFirstViewStatus(control.ownerDocument).textContent = 'Loading…';
  return true;
}

/** Ends one control's busy mark; the announcement goes with the last one. */
export function endPress(control: Element): void {
  if (!pressed.delete(control)) return;
  control.removeAttribute(PRESSED_ATTRIBUTE);
  control.removeAttribute('aria-busy');
  if (pressed.size > 0) return;
  status?.remove();
  status = null;
}

/**
 * Ends every busy mark and the announcement: the presses were replayed on the live page, the area
 * failed to load, or the page was left.
 */
export function endPresses(): void {
  for (const control of pressed) {
    control.removeAttribute(PRESSED_ATTRIBUTE);
    control.removeAttribute('aria-busy');
  }
  pressed.clear();
  status?.remove();
  status = null;
}
