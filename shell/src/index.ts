// Async boundary: shared singletons are negotiated before the shell's own code runs.
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import { warmUpMoneyFormatting } from '@shop/shared/format/money';
import {
  recordFirstViewInteractions,
  whenFirstInteraction,
} from './federation/first-view-interactions';
import { recordFramePresses } from './federation/frame-presses';
import { nextTask } from './app/next-task';
import { markPlainVisitor } from './app/render-gate';

/**
 * With a server-rendered first view, the page is painted before the shell's code starts: the
 * visitor sees the page as soon as the HTML is parsed, not after the scripts have run. A hidden
 * tab never paints, so a timer starts the shell there.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

// Off the main thread, while the shell loads: the areas' first prices then format without a stall.
warmUpMoneyFormatting();
// The header's "Log in" shows at once for a visitor last seen signed out, shell or no shell.
markPlainVisitor(document, window.localStorage);
const hasFirstView = document.getElementById(FIRST_VIEW_STATE_ID) !== null;
if (hasFirstView) {
  recordFirstViewInteractions(document);
  recordFramePresses(document);
}

/**
 * The shell's basics run after the first paint (the page is counted, its code fetched ahead). A
 * first view that is already the whole page for this visitor then waits for their first
 * interaction before the rest of the shell (its libraries, React) loads and runs: a visitor who
 * only reads never pays for it, and one who taps finds the code in the cache (render-gate.ts).
 */
async function loadShell(): Promise<void> {
  await nextTask();
  const { createShellBasics } = await import(
    /* webpackChunkName: "shell-basics" */ './app/shell-basics'
  );
  const basics = createShellBasics();
  const pageViewLogged = basics.waitsForInteraction ? basics.logOpenedPage() : null;
  if (basics.waitsForInteraction) await whenFirstInteraction();
  await nextTask();
  const { startShell } = await import(/* webpackChunkName: "shell-start" */ './bootstrap');
  await startShell(basics, pageViewLogged);
}

void (hasFirstView ? afterFirstPaint() : Promise.resolve()).then(loadShell);
