// Async boundary: shared singletons are negotiated before the shell's own code runs.
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import { warmUpMoneyFormatting } from '@shop/shared/format/money';
import { recordFirstViewInteractions } from './federation/first-view-interactions';
import { nextTask } from './app/next-task';

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
const hasFirstView = document.getElementById(FIRST_VIEW_STATE_ID) !== null;
if (hasFirstView) recordFirstViewInteractions(document);

/**
 * Starting the shell's downloads means negotiating each shared library with the federation runtime
 * and adding its scripts to the page: done for all at once, that is one long task. The largest
 * libraries start in tasks of their own; the rest follow with the shell's code. All download in parallel.
 */
async function loadShell(): Promise<void> {
  void import('react-dom/client');
  await nextTask();
  void import('@tanstack/react-query');
  void import('react-router');
  await nextTask();
  await import('./bootstrap');
}

void (hasFirstView ? afterFirstPaint() : Promise.resolve()).then(loadShell);
