// For an area's tests: hydrates a server renderer's HTML as a browser would, with React's
// hydrateRoot in a fresh jsdom window and a fresh copy of the area's modules (loaded with a window,
// as in the browser, where the server's copy was loaded without one), seeded with the queries the
// server rendered with. Reports every recoverable error and hydration warning React gives.
import type { ComponentType } from 'react';
import { JSDOM } from 'jsdom';
import type { ShellProps } from '../src/shell-contract/shell-props';
import { FIRST_VIEW_SLOT_ATTRIBUTE, type AreaRenderResult } from '../src/ssr/server-render';

export interface HydrationRequest {
  pathname: string;
  search?: string;
  basename?: string;
  /** The area's root, imported inside the browser's module registry (a dynamic import). */
  loadRoot: () => Promise<ComponentType<ShellProps>>;
  /** What the shell hands the area beyond the defaults (the visitor, a partner's customization). */
  shellProps?: Partial<ShellProps>;
  /** A nested area's props from its host, which the shell's nested outlet spreads over the rest. */
  areaProps?: Record<string, unknown>;
}

/** jsdom lacks these browser APIs that antd and React read. */
function completeWindow(window: JSDOM['window']): void {
  Object.assign(window, {
    matchMedia: (media: string) => ({
      matches: false,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
    // A browser has one: below-the-fold spots stay placeholders, as the server drew them.
    IntersectionObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  });
}

const BROWSER_CLASSES =
  /^(HTML\w*Element|SVG\w*Element|Element|Node|NodeList|Text|Comment|Document|DocumentFragment|ShadowRoot|\w*Event|MutationObserver|DOMRect|Range|Selection|CSSStyleDeclaration|Image)$/;

/** Makes `window` the global browser for the duration of `run`, as a page's scripts see it. */
async function withGlobalWindow<T>(window: JSDOM['window'], run: () => Promise<T>): Promise<T> {
  const global = globalThis as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const names = new Set([
    // The DOM's classes and events (React and antd test `instanceof` and build events).
    ...Object.getOwnPropertyNames(window).filter(
      (name) => BROWSER_CLASSES.test(name) && !(name in globalThis),
    ),
    'window',
    'document',
    'navigator',
    'location',
    'history',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'matchMedia',
    'ResizeObserver',
    'IntersectionObserver',
  ]);
  for (const name of names) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    const value = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(global, name, {
      configurable: true,
      writable: true,
      value: typeof value === 'function' && !/^[A-Z]/.test(name) ? value.bind(window) : value,
    });
  }
  try {
    return await run();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(global, name, descriptor);
      else delete global[name];
    }
  }
}

/** Timers that never keep Node running by themselves. */
const UNREF_TIMERS = {
  setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay).unref(),
  clearTimeout: (timer: ReturnType<typeof setTimeout> | undefined) => clearTimeout(timer),
  setInterval: (callback: () => void, delay: number) => setInterval(callback, delay).unref(),
  clearInterval: (timer: ReturnType<typeof setInterval> | undefined) => clearInterval(timer),
};

/** A request the browser sends on its first render: it never answers, so no data arrives late. */
const neverAnswered = () => new Promise<never>(() => undefined);

/**
 * Hydrates `result.html` with the area's root and the props the browser starts from; resolves once
 * hydration has committed, with React's recoverable errors and hydration warnings (none: it matched).
 */
export async function hydrateFirstView(
  result: AreaRenderResult,
  request: HydrationRequest,
): Promise<string[]> {
  const { pathname, search = '' } = request;
  const dom = new JSDOM(
    `<!doctype html><html><head>${result.head}</head><body><div id="area">${result.html}</div></body></html>`,
    { url: `http://shop.test${pathname}${search}`, pretendToBeVisual: true },
  );
  completeWindow(dom.window);
  const problems: string[] = [];
  // React's scheduler, loaded afresh for this window, keeps a MessageChannel whose ports would hold
  // the test process open after the last test: each channel made here is closed at the end.
  const channels: MessageChannel[] = [];
  const NodeMessageChannel = globalThis.MessageChannel;
  globalThis.MessageChannel = class extends NodeMessageChannel {
    constructor() {
      super();
      channels.push(this);
    }
  };
  try {
    await hydrateInWindow(dom, result, request, problems);
  } finally {
    globalThis.MessageChannel = NodeMessageChannel;
    for (const channel of channels) {
      channel.port1.close();
      channel.port2.close();
    }
    dom.window.close();
  }
  return problems;
}

async function hydrateInWindow(
  dom: JSDOM,
  result: AreaRenderResult,
  request: HydrationRequest,
  problems: string[],
): Promise<void> {
  const { pathname, search = '', basename = '' } = request;
  await withGlobalWindow(dom.window, () =>
    jest.isolateModulesAsync(async () => {
      const [
        { act, createElement },
        { hydrateRoot },
        { QueryClient, timeoutManager },
        axios,
        shellModules,
      ] = await Promise.all([
        import('react'),
        import('react-dom/client'),
        import('@tanstack/react-query'),
        import('axios'),
        Promise.all([
          import('../src/shell-contract/shell-props'),
          import('../src/federation/antd-theme'),
          import('../src/ssr/server-shell'),
        ]),
      ]);
      const [
        { SHELL_CONTRACT_VERSION },
        { defaultThemeTokens },
        { FIRST_VIEW_USER_CONTEXT, SERVER_NAVIGATOR },
      ] = shellModules;
      // This copy's cache and stale timers (minutes long) must not hold the test process open.
      timeoutManager.setTimeoutProvider(UNREF_TIMERS);
      const AreaRoot = await request.loadRoot();
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      // The state travels as JSON in the page, and is read back as such.
      for (const query of JSON.parse(JSON.stringify(result.queries)) as typeof result.queries)
        queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt });
      let slots = 0;
      const client = axios.default.create({ adapter: neverAnswered });
      const props: ShellProps = {
        contractVersion: SHELL_CONTRACT_VERSION,
        navigation: {
          location: { pathname, search, hash: '', state: null, key: 'default' },
          // The browser history's links are built as the server builds them; nothing navigates.
          navigator: {
            createHref: SERVER_NAVIGATOR.createHref,
            go: () => undefined,
            push: () => undefined,
            replace: () => undefined,
          },
          basename,
        },
        queryClient,
        notify: { error: () => undefined, success: () => undefined, info: () => undefined },
        userContext: { ...FIRST_VIEW_USER_CONTEXT, loading: false },
        track: () => undefined,
        theme: defaultThemeTokens(),
        api: { connect: client, payments: client, content: client },
        customization: null,
        // A nested area's place, as the server leaves it: its own root hydrates the slot.
        AreaOutlet: ({ area }) =>
          createElement(
            'div',
            { className: 'area-root', 'data-area': area },
            createElement('div', { [FIRST_VIEW_SLOT_ATTRIBUTE]: String(slots++) }),
          ),
        ...request.shellProps,
        ...request.areaProps,
      };
      const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        problems.push(args.map(String).join(' '));
      });
      const container = dom.window.document.getElementById('area');
      if (!container) throw new Error('The page has no area container');
      const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
      const options = {
        onRecoverableError: (error: unknown) => problems.push(`recoverable: ${message(error)}`),
        onUncaughtError: (error: unknown) => problems.push(`uncaught: ${message(error)}`),
      };
      // act() runs React's work to the end, effects included, before the window is taken away.
      const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
      global.IS_REACT_ACT_ENVIRONMENT = true;
      try {
        let root: { unmount(): void } | undefined;
        await act(async () => {
          root = hydrateRoot(container, createElement(AreaRoot, props), options);
        });
        await act(async () => root?.unmount());
      } finally {
        global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
        consoleError.mockRestore();
        queryClient.clear();
      }
    }),
  );
}
