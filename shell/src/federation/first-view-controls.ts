// What the visitor typed or chose on a first view's form, carried over to the live area when it takes
// over: each changed field's value goes to the live field with the same id (else the same name), set
// the way a keystroke sets it (the native setter, then input and change events), so a controlled
// input, an antd Form and react-hook-form all see it. Focus and the caret move to the live field.
import { counterpartOf } from './first-view-interactions';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Input types whose value is not typed or chosen (a button's value is its label). */
const NOT_A_VALUE = new Set(['button', 'submit', 'reset', 'image', 'hidden', 'file']);

function isField(element: Element | null): element is Field {
  if (element instanceof HTMLInputElement) return !NOT_A_VALUE.has(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The visitor changed it: it differs from what the server drew. */
function changed(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/**
 * A click on a field, or on a label of one, changed or focused it: its state is carried over and
 * focus moves, so the click itself is not replayed (it would toggle a checkbox back). Except a
 * checkbox or radio left as the server drew it: nothing of it is carried, so its click is replayed.
 * That is also a radio whose choice the live page's radios took back: with the same name and no
 * form they are one group, and the live page's chosen radio unchecks the first view's.
 */
export function carriesItsOwnState(element: Element): boolean {
  const field = element instanceof HTMLLabelElement ? element.control : element;
  if (!isField(field)) return false;
  return !isToggle(field) || changed(field);
}

/** The live field a first view's field stands for: same tag and id, else same tag and name (and value, for a radio). */
function liveFieldOf(field: Field, live: Element): Field | null {
  const candidates = Array.from(live.querySelectorAll(field.tagName)).filter(isField);
  const sameKind = (candidate: Field) =>
    !isToggle(field) || (isToggle(candidate) && candidate.type === field.type);
  if (field.id)
    return candidates.find((candidate) => candidate.id === field.id && sameKind(candidate)) ?? null;
  const name = field.getAttribute('name');
  if (!name) return null;
  return (
    candidates.find(
      (candidate) =>
        candidate.getAttribute('name') === name &&
        sameKind(candidate) &&
        (!(field instanceof HTMLInputElement && field.type === 'radio') ||
          candidate.value === field.value),
    ) ?? null
  );
}

/** Sets a value as typing does: React's value tracker sees the native setter's change, then the events. */
function setValue(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(
    Object.getPrototypeOf(field) as object,
    'value',
  )?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Copies every field the visitor changed on the first view to its live counterpart. */
export function carryFieldValues(firstView: Element, live: Element): void {
  for (const field of Array.from(firstView.querySelectorAll('input, select, textarea')).filter(
    isField,
  )) {
    if (!changed(field)) continue;
    const target = liveFieldOf(field, live);
    if (!target || target.disabled) continue;
    if (isToggle(field)) {
      // A click is how a checkbox or radio changes in React (its onChange listens to clicks). A radio
      // is only ever chosen: the one the visitor left is unchosen by choosing the other.
      const wanted = field.type === 'checkbox' || field.checked;
      if (wanted && isToggle(target) && target.checked !== field.checked) target.click();
    } else if (
      field instanceof HTMLSelectElement &&
      field.multiple &&
      target instanceof HTMLSelectElement
    ) {
      const chosen = new Set(Array.from(field.selectedOptions).map((option) => option.value));
      for (const option of Array.from(target.options)) option.selected = chosen.has(option.value);
      target.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (!isToggle(target) && target.value !== field.value) {
      setValue(target, field.value);
    }
  }
}

/** The live element to focus for the first view's focused one: a field by id or name, anything else by place. */
export function liveFocusOf(
  firstView: Element,
  live: Element,
  focused: Element | null,
): HTMLElement | null {
  if (!focused || !firstView.contains(focused) || focused === firstView) return null;
  if (isField(focused)) return liveFieldOf(focused, live);
  return counterpartOf(firstView, live, focused);
}

/** Where the caret (or selection) of a text field is, with the value it was read with. */
export interface Caret {
  value: string;
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

/** The caret of the focused text field, read while it is still in the page; null for anything else. */
export function caretOf(element: Element | null): Caret | null {
  if (!element || !isTextField(element)) return null;
  try {
    // null for types without a caret (email, number).
    const { value, selectionStart, selectionEnd, selectionDirection } = element;
    if (selectionStart === null || selectionEnd === null) return null;
    return {
      value,
      start: selectionStart,
      end: selectionEnd,
      direction: selectionDirection ?? 'none',
    };
  } catch {
    return null;
  }
}

/**
 * Focuses the live element; a text field gets the caret (and selection) the visitor left, or the
 * end of the text when they typed on since it was read.
 */
export function moveFocus(caret: Caret | null, to: HTMLElement): void {
  to.focus({ preventScroll: true });
  if (!caret || !isTextField(to)) return;
  if (to.value === caret.value) placeCaret(caret, to);
  else select(to, to.value.length, to.value.length);
}

/**
 * Puts the caret back where it was read, while the field has the focus and that text still: once
 * React has rendered the carried value (rendering a controlled field can move the caret), and not
 * after the visitor typed on in the live field.
 */
export function placeCaret(caret: Caret | null, to: HTMLElement): void {
  if (caret && isTextField(to) && to.ownerDocument.activeElement === to && to.value === caret.value)
    select(to, caret.start, caret.end, caret.direction);
}

const isTextField = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

function select(
  field: HTMLInputElement | HTMLTextAreaElement,
  start: number,
  end: number,
  direction?: Caret['direction'],
): void {
  try {
    field.setSelectionRange(start, end, direction);
  } catch {
    // An input type without selection (email, number): focus alone.
  }
}
