// A press on the shell's own controls drawn by the server (the header's account menu, the phone
// menu, the chat button) before the shell has rendered: the press starts the shell, and without
// this it would do nothing else, so the visitor would have to press again. It is kept and, once
// the shell's first render is on screen, made again on the same control of the live frame.
import { FIRST_VIEW_AREA_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { pathTo } from './first-view-interactions';
import { endPress, notePress } from './first-view-presses';

/** Where the pressed control was in the server's #root, and what it said. */
interface FramePress {
  path: number[];
  tagName: string;
  text: string | null;
  control: Element;
}

const FRAME_CONTROLS = 'button, [role="button"]';
const kept: FramePress[] = [];
let live = false;

/** Keeps presses on the frame's buttons until replayFramePresses; index.ts calls it first thing. */
export function recordFramePresses(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const root = doc.getElementById('root');
      const target = event.target instanceof Element ? event.target : null;
      // The area's first view keeps its own presses (first-view-interactions.ts).
      if (live || !root || !target || target.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`)) return;
      const control = target.closest(FRAME_CONTROLS);
      const path = control && root.contains(control) ? pathTo(root, control) : null;
      // A second press on a control still busy would undo the first (a menu opened and closed).
      if (!control || !path || !notePress(control)) return;
      kept.push({ path, tagName: control.tagName, text: control.textContent, control });
    },
    true,
  );
}

/**
 * Called once the shell's frame is rendered into `root`: each kept press is made on the control at
 * the same place with the same tag and text (anything else means the frame changed there, and
 * nothing is pressed); from now on the frame's controls work by themselves.
 */
export function replayFramePresses(root: Element): void {
  live = true;
  for (const press of kept.splice(0)) {
    endPress(press.control);
    let node: Element | undefined = root;
    for (const index of press.path) node = node?.children[index];
    if (
      node instanceof HTMLElement &&
      node.tagName === press.tagName &&
      node.textContent === press.text
    )
      node.click();
  }
}
