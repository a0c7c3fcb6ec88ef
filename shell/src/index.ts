// Async boundary: shared singletons are negotiated before the shell's own code runs.
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import { warmUpMoneyFormatting } from '@shop/shared/format/money';
import { recordFirstViewClicks } from './federation/first-view-clicks';

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
if (hasFirstView) recordFirstViewClicks(document);
void (hasFirstView ? afterFirstPaint() : Promise.resolve()).then(() => import('./bootstrap'));
