// The browser side of a server-rendered first view: the query data the server rendered with goes
// into the QueryClient (so the area's first render needs no fetch), and the server's area element
// goes to the outlet, which keeps it on screen until the live area has drawn the same page. The
// element itself moves (React's first render clears #root): nothing is parsed or built twice.
import type { QueryClient } from '@tanstack/react-query';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  parseFirstViewState,
  type FirstViewEvent,
  type FirstViewFrame,
  type FirstViewTakeover,
} from '@shop/shared/ssr/server-render';
import { whenFirstInteraction } from './first-view-interactions';

export interface FirstView {
  /**
   * The area, basename and partner the server rendered this path with, so the page can be routed
   * (and the server's element kept, in the partner's frame) before the registry is read.
   */
  routeFor(
    pathname: string,
  ): { area: AreaName; basename: string; b2bKey: string | null } | undefined;
  /** The first view's element if it is of this area and path (asked on every render, so it does not consume). */
  elementFor(area: AreaName, pathname: string): HTMLElement | undefined;
  /** Called once the live area shows: a later visit to the page must not see this load's HTML. */
  discard(): void;
  /** When the live area replaces it: 'on-interaction' loads the area at the visitor's first interaction. */
  takeover: FirstViewTakeover;
  /**
   * What the area's first load waits for: the visitor's first interaction for an 'on-interaction'
   * first view still shown, else nothing (undefined). The same promise on every render.
   */
  loadAfter(): Promise<void> | undefined;
  /** The page the server drew ('' without a first view). */
  pathname: string;
  /** The analytics events the page sends when it opens (the server's list). */
  openEvents: readonly FirstViewEvent[];
  /** Whether the server drew the frame (header, cart) as this visitor or as anyone. */
  frame: FirstViewFrame;
}

export const NO_FIRST_VIEW: FirstView = {
  routeFor: () => undefined,
  elementFor: () => undefined,
  discard: () => undefined,
  takeover: 'eager',
  loadAfter: () => undefined,
  pathname: '',
  openEvents: [],
  frame: 'anonymous',
};

/** Call before React renders into #root: the render replaces the server's HTML. */
export function readFirstView(doc: Document, queryClient: QueryClient): FirstView {
  const state = parseFirstViewState(doc.getElementById(FIRST_VIEW_STATE_ID)?.textContent);
  const element = doc.querySelector<HTMLElement>(`[${FIRST_VIEW_AREA_ATTRIBUTE}]`);
  if (!state || !element || element.getAttribute(FIRST_VIEW_AREA_ATTRIBUTE) !== state.area)
    return NO_FIRST_VIEW;
  for (const query of state.queries)
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt });
  let kept: HTMLElement | undefined = element;
  return {
    routeFor: (pathname) =>
      pathname === state.pathname
        ? { area: state.area, basename: state.basename, b2bKey: state.b2bKey }
        : undefined,
    elementFor: (area, pathname) =>
      area === state.area && pathname === state.pathname ? kept : undefined,
    discard: () => {
      kept = undefined;
    },
    takeover: state.takeover ?? 'eager',
    loadAfter: () =>
      kept && state.takeover === 'on-interaction' ? whenFirstInteraction() : undefined,
    pathname: state.pathname,
    openEvents: state.openEvents ?? [],
    frame: state.frame ?? 'anonymous',
  };
}
