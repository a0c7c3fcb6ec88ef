// Server side of an area's first view: renders the area's root to HTML with a server shell (no
// user, no navigation, no analytics) and the data its pages asked for, fetched through the API.
import { FORM_FLASH_QUERY_KEY } from './server-form';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { defaultThemeTokens } from '../federation/antd-theme';
import { preloadLazyPages, recordRenderedPages } from '../federation/lazy-page';
import {
  SHELL_CONTRACT_VERSION,
  type ApiClients,
  type AreaName,
  type AreaOutletProps,
  type ShellProps,
} from '../shell-contract/shell-props';
import {
  FIRST_VIEW_SLOT_ATTRIBUTE,
  splitLeadingStyles,
  type AreaRenderRequest,
  type AreaRenderResult,
  type FirstViewQuery,
  type FirstViewSlot,
} from './server-render';
import { recordServerNotes, titleElement } from './server-notes';
import { FIRST_VIEW_USER_CONTEXT, SERVER_NAVIGATOR } from './server-shell';

/** Axios whose every call is a GET through the site server's fetchJson (no network, no cookies). */
function serverApiClient(fetchJson: AreaRenderRequest['fetchJson']): AxiosInstance {
  const adapter: AxiosAdapter = async (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get' || !config.url) {
      throw new Error(`A server render only reads: ${String(config.method)} ${String(config.url)}`);
    }
    // The query string too (axios keeps `params` apart from the URL until it sends).
    const url = axios.getUri({ url: config.url, params: config.params });
    let data: unknown;
    try {
      data = await fetchJson(url);
    } catch (error) {
      // The site's reads fail with "GET <url> answered <status>": the status goes where callers
      // look for it (a missing partner is a 404, an answer rather than a failure).
      const status = /answered (\d{3})\b/.exec(error instanceof Error ? error.message : '')?.[1];
      if (status) Object.assign(error as object, { response: { status: Number(status) } });
      throw error;
    }
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: null };
  };
  return axios.create({ adapter });
}

/**
 * A nested area's place on the server: the same wrappers the shell's AreaOutlet draws around a
 * parcel (so the live page has its elements at the same places), empty, for the site to fill.
 */
function serverAreaOutlet(slots: FirstViewSlot[]): ComponentType<AreaOutletProps> {
  return function ServerAreaOutlet({ area, areaProps }: AreaOutletProps) {
    const id = String(slots.length);
    // JSON only: the props travel to the nested area's renderer (functions and the like are dropped).
    slots.push({
      id,
      area,
      areaProps: JSON.parse(JSON.stringify(areaProps ?? {})) as Record<string, unknown>,
    });
    return (
      <div className="area-root" data-area={area}>
        <div {...{ [FIRST_VIEW_SLOT_ATTRIBUTE]: id }} />
      </div>
    );
  };
}

/** The ShellProps an area sees on the server: data and theme are real, everything interactive is inert. */
export function serverShellProps(
  request: AreaRenderRequest,
  queryClient: QueryClient,
  slots: FirstViewSlot[] = [],
): ShellProps {
  const client = serverApiClient(request.fetchJson);
  const api: ApiClients = { connect: client, payments: client, content: client };
  return {
    contractVersion: SHELL_CONTRACT_VERSION,
    navigation: {
      location: {
        pathname: request.pathname,
        search: request.search,
        hash: '',
        state: null,
        key: 'default',
      },
      navigator: SERVER_NAVIGATOR,
      basename: request.basename,
    },
    queryClient,
    notify: { error: () => undefined, success: () => undefined, info: () => undefined },
    // The first view is the anonymous one; the browser fills in the visitor after it takes over.
    userContext: FIRST_VIEW_USER_CONTEXT,
    track: () => undefined,
    theme: defaultThemeTokens(),
    api,
    customization: null,
    AreaOutlet: serverAreaOutlet(slots),
    // A nested area sees what its host handed it, as in the browser (createNestedAreaOutlet).
    ...request.areaProps,
  };
}

export interface AreaServerRenderOptions {
  area: AreaName;
  AreaRoot: ComponentType<ShellProps>;
  /** Fetches what the page's first render reads, into the QueryClient. */
  prefetch: (queryClient: QueryClient, api: ApiClients) => Promise<void>;
  /**
   * What the shell hands this area beyond the defaults (a storefront's partner and its theme), from
   * the prefetched data; null when the page has no first view after all.
   */
  shellProps?: (queryClient: QueryClient) => Partial<ShellProps> | null;
}

/** Renders an area's first view: HTML plus the queries it read, for the browser to start from. */
export async function renderAreaToString(
  { AreaRoot, prefetch, shellProps }: AreaServerRenderOptions,
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const slots: FirstViewSlot[] = [];
  const baseProps = serverShellProps(request, queryClient, slots);
  // Lazy pages render only once loaded; on the server they are all in one bundle.
  await Promise.all([prefetch(queryClient, baseProps.api), preloadLazyPages()]);
  // A refused plain form's message, for the component that drew the form (useFormFlash).
  if (request.formFlash) queryClient.setQueryData(FORM_FLASH_QUERY_KEY, request.formFlash);
  const queries: FirstViewQuery[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({
      queryKey: query.queryKey,
      data: query.state.data,
      dataUpdatedAt: query.state.dataUpdatedAt,
    }));
  // A failed fetch would render an error block: better no first view than a wrong one.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error');
  if (failed) throw failed.state.error;
  const extra = shellProps ? shellProps(queryClient) : {};
  if (extra === null) {
    queryClient.clear();
    return null;
  }
  const props = { ...baseProps, ...extra };
  const {
    result: { result: html, pages },
    notes,
  } = recordServerNotes(() => recordRenderedPages(() => renderToString(<AreaRoot {...props} />)));
  const { head, body } = splitLeadingStyles(html);
  queryClient.clear();
  return {
    html: body,
    // The title the live page sets: the site puts it in place of the shell's.
    head: notes.title === null ? head : titleElement(notes.title) + head,
    queries,
    ...(slots.length > 0 ? { slots } : {}),
    ...(pages.length > 0 ? { pages } : {}),
    ...(notes.openEvents.length > 0 ? { openEvents: notes.openEvents } : {}),
  };
}
