// The contract between the site server and the server-render bundles the shell and an area ship
// beside their browser code (dist/ssr/render.cjs). The server composes a first view of a page:
// the shell's frame around the area's HTML, plus the query data the area rendered with, so the
// browser paints the page before any script runs and the area's first render needs no fetch.
import type { AreaFormHandler, FormFlash } from './server-form';
import type { AreaTable } from '../shell-contract/area-routes';
import type { AnalyticsEventName, AreaName } from '../shell-contract/shell-props';

/** Where each package's server-render bundle sits inside its build (never served to browsers). */
export const SERVER_RENDER_FILE = 'ssr/render.cjs';
/** The folder of that bundle; the site refuses to serve files under it. */
export const SERVER_RENDER_DIR = 'ssr';
/** The JSON script the browser reads the first view's state from. */
export const FIRST_VIEW_STATE_ID = 'shop-first-view';
/** Marks the server-rendered area inside the shell's <main>. */
export const FIRST_VIEW_AREA_ATTRIBUTE = 'data-first-view-area';
/**
 * Marks a spot the live page fills only once it is scrolled near (a below-the-fold form): on a
 * first view waiting for the visitor, scrolling it near starts the live page, as an interaction does.
 */
export const FIRST_VIEW_WHEN_NEAR_ATTRIBUTE = 'data-first-view-when-near';
/**
 * Marks a first view's control the shell's first script carries out itself, before the live page
 * is there (shell/src/federation/first-view-actions.ts): the value names the action ('cart-add',
 * 'cart-set'), `data-lookup-key` and `data-quantity` its line, `data-track` the analytics event.
 */
export const FIRST_VIEW_ACTION_ATTRIBUTE = 'data-first-view-action';
/**
 * Marks where a host area's first view leaves room for a nested area (its AreaOutlet); the site
 * renders that area with the props the host gave it and puts its HTML inside.
 */
export const FIRST_VIEW_SLOT_ATTRIBUTE = 'data-first-view-slot';

/**
 * Set on an area's "still loading" placeholder (PageSuspense's fallback): the shell keeps the first
 * view on screen until the live area has none left, so the page never flashes back to a placeholder.
 */
export const AREA_PENDING_ATTRIBUTE = 'data-area-pending';

export interface AreaRenderRequest {
  /** The page's path inside the shop, e.g. /pricing. */
  pathname: string;
  search: string;
  /** Where the area's routes start ('' for consumer routes). */
  basename: string;
  /** GETs a same-origin API path (e.g. /api/v1/catalog/offers) and returns its JSON body. */
  fetchJson: (path: string) => Promise<unknown>;
  /**
   * The same, as the visitor: the request carries the visitor's cookies (their session and cart).
   * A render that calls it is personal: the site never caches it nor shares it between visitors, and
   * sends the page as `Cache-Control: private, no-store`. Absent where the site renders anonymously.
   */
  fetchPersonalJson?: (path: string) => Promise<unknown>;
  /** For an area nested in another's page: the props its host handed the AreaOutlet (plain JSON). */
  areaProps?: Record<string, unknown>;
  /**
   * A form on this page the API refused a moment ago (posted without JavaScript): its message and
   * the values to draw again (server-form.ts). A render with one is the visitor's alone.
   */
  formFlash?: FormFlash;
}

/** A nested area the host's first view left room for (an element with FIRST_VIEW_SLOT_ATTRIBUTE = id). */
export interface FirstViewSlot {
  id: string;
  area: AreaName;
  areaProps: Record<string, unknown>;
}

/** One query the area rendered with; the browser seeds its QueryClient with it. */
export interface FirstViewQuery {
  queryKey: readonly unknown[];
  data: unknown;
  dataUpdatedAt: number;
}

export interface AreaRenderResult {
  html: string;
  /** The area's style elements, for the document's <head> (React adopts them there in the browser). */
  head: string;
  queries: FirstViewQuery[];
  /** Nested areas to render into the HTML; a slot left empty means no first view. */
  slots?: FirstViewSlot[];
  /**
   * When the browser replaces the first view with the live area. 'eager' (the default): as soon as
   * the shell has started. 'on-interaction': the area's code is fetched on the visitor's first
   * interaction with the page (pointer, key, focus or touch), the first view being complete until
   * then; the interaction is replayed on the live page and typed values carried over.
   */
  takeover?: FirstViewTakeover;
  /**
   * The analytics events the page sends when it opens (the same name and params the live area's
   * hooks send), for an 'on-interaction' first view: the shell sends them at start, since the
   * area's own hooks run only at the visitor's first interaction. No personal data beyond what
   * the live hooks send.
   */
  openEvents?: FirstViewEvent[];
  /**
   * The lazy page chunks the render drew (their `webpackChunkName`s, see lazy-page.ts), so the
   * browser can fetch that page's code ahead of the first tap rather than every page of the area.
   */
  pages?: string[];
}

export type FirstViewTakeover = 'eager' | 'on-interaction';

/** One analytics event, as `track(event, params)` sends it. */
export interface FirstViewEvent {
  event: AnalyticsEventName;
  params: Record<string, unknown>;
}

/** An area's dist/ssr/render.cjs. Returns null for a route it does not render on the server. */
export interface AreaServerRenderer {
  renderArea(request: AreaRenderRequest): Promise<AreaRenderResult | null>;
  /** The area's plain form posts (forms without JavaScript), when it has any. */
  handleForm?: AreaFormHandler;
}

/** The shell's dist/ssr/render.cjs: which area draws a page's first view, and its frame around it. */
export interface ShellServerRenderer {
  /**
   * The page's area by the live areas' path prefixes (the registry's), or null to start in the
   * browser; `b2bKey` names the partner of a storefront page.
   */
  areaOf(
    pathname: string,
    areas: AreaTable,
  ): { area: AreaName; basename: string; b2bKey?: string | null } | null;
  /**
   * The frame around the area's HTML; a storefront's frame reads the partner's look through
   * fetchJson. Offered `fetchPersonalJson` (the area was drawn as its visitor), the frame is too.
   */
  renderFrame(request: FrameRenderRequest): FrameRender | Promise<FrameRender>;
}

export interface FrameRenderRequest {
  pathname: string;
  area: AreaName;
  areaHtml: string;
  basename?: string;
  b2bKey?: string | null;
  fetchJson?: AreaRenderRequest['fetchJson'];
  fetchPersonalJson?: AreaRenderRequest['fetchPersonalJson'];
}

/**
 * The frame's HTML, or with a frame drawn as its visitor the query data it was drawn with (their
 * account and cart), so the browser's first render draws the same.
 */
export type FrameRender =
  | string
  | {
      html: string;
      frame: FirstViewFrame;
      queries: FirstViewQuery[];
      /**
       * Elements for <head> that the live shell would set (a partner's icon and meta tags, each
       * marked PARTNER_HEAD_ATTRIBUTE); present on a partner's page, even when empty.
       */
      partnerHead?: string;
    };

/** Marks the head elements drawn for a partner; the page's own ones they replace go in a SHOP_HEAD_ATTRIBUTE template. */
export const PARTNER_HEAD_ATTRIBUTE = 'data-partner-head';
export const SHOP_HEAD_ATTRIBUTE = 'data-shop-head';

/** What the page carries for the browser in the FIRST_VIEW_STATE_ID script. */
export interface FirstViewState {
  area: AreaName;
  pathname: string;
  /** The area's basename, so the browser shell can route the page before it has read the registry. */
  basename: string;
  /** The partner of a storefront page (its frame carries the partner's look), else null. */
  b2bKey: string | null;
  queries: FirstViewQuery[];
  /** When the live area takes over (AreaRenderResult.takeover); 'eager' when absent. */
  takeover?: FirstViewTakeover;
  /** The page's events at open (AreaRenderResult.openEvents). */
  openEvents?: FirstViewEvent[];
  /** 'visitor' when the frame was drawn as the visitor (a personal page); else it is anonymous. */
  frame?: FirstViewFrame;
  /** True when the page's head is already the partner's (icon and meta tags from the frame). */
  partnerHead?: boolean;
  /** The landed area's page chunks (AreaRenderResult.pages); absent means every page's code. */
  pages?: string[];
}

/** A page chunk's name as lazy-page.ts makes them (another team's renderer sends it). */
export const isPageChunkName = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,99}$/.test(value);

export type FirstViewFrame = 'anonymous' | 'visitor';

/** A well-formed event: a name and a params object (the renderer is another team's code). */
export function isFirstViewEvent(value: unknown): value is FirstViewEvent {
  const candidate = value as Partial<FirstViewEvent> | null;
  return (
    typeof candidate?.event === 'string' &&
    typeof candidate.params === 'object' &&
    candidate.params !== null &&
    !Array.isArray(candidate.params)
  );
}

/**
 * JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can
 * end the element or the string early, whatever the data holds (partner text is untrusted).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * React writes the <style href precedence> elements of a tree (an area's, or the shell's frame) at
 * the start of its HTML. They belong in <head>: in the body they would leave with the first view,
 * and React in the browser adopts an existing element rather than adding its own.
 */
export function splitLeadingStyles(html: string): { head: string; body: string } {
  const leading = /^(?:<style\b[^>]*>[\s\S]*?<\/style>)+/.exec(html);
  return leading
    ? { head: leading[0], body: html.slice(leading[0].length) }
    : { head: '', body: html };
}

/** Reads the state back; anything malformed means "no first view" rather than a broken page. */
export function parseFirstViewState(text: string | null | undefined): FirstViewState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<FirstViewState>;
    if (
      typeof value.area !== 'string' ||
      typeof value.pathname !== 'string' ||
      !Array.isArray(value.queries)
    )
      return null;
    const queries = value.queries.filter(
      (query): query is FirstViewQuery =>
        Boolean(query) && Array.isArray(query.queryKey) && typeof query.dataUpdatedAt === 'number',
    );
    const basename = typeof value.basename === 'string' ? value.basename : '';
    const b2bKey = typeof value.b2bKey === 'string' ? value.b2bKey : null;
    // Anything but a known mode is the default: the page then takes over as soon as it can.
    const takeover: FirstViewTakeover =
      value.takeover === 'on-interaction' ? 'on-interaction' : 'eager';
    const frame: FirstViewFrame = value.frame === 'visitor' ? 'visitor' : 'anonymous';
    const openEvents = Array.isArray(value.openEvents)
      ? value.openEvents.filter(isFirstViewEvent)
      : [];
    const pages = Array.isArray(value.pages) ? value.pages.filter(isPageChunkName) : [];
    return {
      area: value.area as AreaName,
      pathname: value.pathname,
      basename,
      b2bKey,
      queries,
      takeover,
      openEvents,
      frame,
      partnerHead: value.partnerHead === true,
      ...(pages.length > 0 ? { pages } : {}),
    };
  } catch {
    return null;
  }
}
