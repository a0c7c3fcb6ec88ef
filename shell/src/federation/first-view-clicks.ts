// A first view is real HTML, but its buttons do nothing until the live area takes over. Clicks on
// it are kept and, once the live area shows, replayed on the same control there, so "Add to cart"
// pressed early is not lost. Links navigate: as plain links before the shell runs, through the
// shell's history once it does (no page reload).
import { FIRST_VIEW_AREA_ATTRIBUTE } from '@shop/shared/ssr/server-render';

const clicked: Element[] = [];
let recording = false;
let navigate: ((href: string) => void) | null = null;

/** The shell's history, once it exists: links on the first view then change pages in place. */
export function setFirstViewNavigator(push: (href: string) => void): void {
  navigate = push;
}

/** Starts keeping clicks on the first view; index.ts calls it before the shell's code loads. */
export function recordFirstViewClicks(doc: Document): void {
  if (recording) return;
  recording = true;
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`)) return;
      const link = target.closest('a[href]');
      if (link) {
        const url = new URL((link as HTMLAnchorElement).href, doc.baseURI);
        const plainClick =
          event.button === 0 &&
          !event.metaKey &&
          !event.ctrlKey &&
          !event.shiftKey &&
          !event.altKey;
        if (
          navigate &&
          plainClick &&
          url.origin === doc.location.origin &&
          !link.hasAttribute('target') &&
          !link.hasAttribute('download')
        ) {
          event.preventDefault();
          navigate(url.pathname + url.search + url.hash);
        }
        return;
      }
      clicked.push(
        target.closest('button, input, select, textarea, label, [role="button"]') ?? target,
      );
    },
    true,
  );
}

/** The clicks kept so far; each is handed out once. */
export function takeFirstViewClicks(): Element[] {
  return clicked.splice(0);
}

/** Child-element indexes from `root` down to `target`, or null when it is not inside. */
function pathTo(root: Element, target: Element): number[] | null {
  const path: number[] = [];
  for (let node: Element | null = target; node !== root; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

/**
 * The live counterpart of an element of the first view: same place in the tree, same tag and
 * text. Anything else means the pages differ there, and nothing is replayed.
 */
export function counterpartOf(
  firstView: Element,
  live: Element,
  target: Element,
): HTMLElement | null {
  const path = pathTo(firstView, target);
  if (!path) return null;
  let node: Element | undefined = live;
  for (const index of path) node = node?.children[index];
  if (
    !(node instanceof HTMLElement) ||
    node.tagName !== target.tagName ||
    node.textContent !== target.textContent
  )
    return null;
  return node;
}
