import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import {
  AREA_PENDING_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  jsonForScript,
  type FirstViewState,
} from '@shop/shared/ssr/server-render';
import { AreaOutlet } from '../src/federation/area-outlet';
import { whenSettled } from '../src/federation/first-view-handover';
import { AreaLoadError, type AreaLoader, type AreaParcel } from '../src/federation/area-loader';
import { NO_FIRST_VIEW, readFirstView } from '../src/federation/first-view';
import {
  recordFirstViewInteractions,
  setFirstViewNavigator,
} from '../src/federation/first-view-interactions';

const OFFERS_KEY = ['catalog', 'priced-offers'];

/** The document as the site server sends it: the shell frame, the area's HTML and the state script. */
function serverDocument(state: Partial<FirstViewState> | string, areaAttribute = 'catalog') {
  document.body.innerHTML = `
    <div id="root"><main><div class="area-root" data-area="catalog" data-first-view-area="${areaAttribute}"><h1>Know your numbers</h1></div></main></div>
    <script type="application/json" id="${FIRST_VIEW_STATE_ID}">${typeof state === 'string' ? state : jsonForScript(state)}</script>`;
}

const state: FirstViewState = {
  area: 'catalog',
  pathname: '/',
  basename: '',
  b2bKey: null,
  queries: [
    {
      queryKey: OFFERS_KEY,
      data: [{ key: 'kit', unitAmount: 9900 }],
      dataUpdatedAt: 1_700_000_000_000,
    },
  ],
};

describe('readFirstView', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('seeds the QueryClient with the data the server rendered with, keeping its age', () => {
    serverDocument(state);
    const queryClient = new QueryClient();
    readFirstView(document, queryClient);
    expect(queryClient.getQueryData(OFFERS_KEY)).toEqual([{ key: 'kit', unitAmount: 9900 }]);
    expect(queryClient.getQueryState(OFFERS_KEY)?.dataUpdatedAt).toBe(1_700_000_000_000);
  });

  it('hands the server element to the same area and path only, until discarded', () => {
    serverDocument(state);
    const firstView = readFirstView(document, new QueryClient());
    const element = document.querySelector('[data-first-view-area]');
    expect(firstView.elementFor('catalog', '/')).toBe(element);
    // Asked again on the next render: still there (a transition may render twice before it commits).
    expect(firstView.elementFor('catalog', '/')).toBe(element);
    expect(firstView.elementFor('catalog', '/pricing')).toBeUndefined();
    expect(firstView.elementFor('checkout', '/')).toBeUndefined();
    firstView.discard();
    expect(firstView.elementFor('catalog', '/')).toBeUndefined();
  });

  it('routes its own path to the area the server drew, before the registry is read', () => {
    serverDocument(state);
    const firstView = readFirstView(document, new QueryClient());
    expect(firstView.routeFor('/')).toEqual({ area: 'catalog', basename: '', b2bKey: null });
    expect(firstView.routeFor('/pricing')).toBeUndefined();
  });

  it("routes a storefront page to its partner, so the shell draws the partner's frame at once", () => {
    serverDocument(
      {
        ...state,
        area: 'storefront',
        pathname: '/shop/acme',
        basename: '/shop/acme',
        b2bKey: 'acme',
      },
      'storefront',
    );
    const firstView = readFirstView(document, new QueryClient());
    expect(firstView.routeFor('/shop/acme')).toEqual({
      area: 'storefront',
      basename: '/shop/acme',
      b2bKey: 'acme',
    });
  });

  it('ignores a malformed or mismatched first view instead of breaking the page', () => {
    const queryClient = new QueryClient();
    serverDocument('{"area": "catalog", "pathname": "/", "queries": [');
    expect(readFirstView(document, queryClient)).toBe(NO_FIRST_VIEW);
    serverDocument(state, 'checkout');
    expect(readFirstView(document, queryClient)).toBe(NO_FIRST_VIEW);
    document.body.innerHTML = '<div id="root"></div>';
    expect(readFirstView(document, queryClient)).toBe(NO_FIRST_VIEW);
    expect(queryClient.getQueryData(OFFERS_KEY)).toBeUndefined();
  });
});

function shellProps() {
  const store = createMemoryNavigationStore('/');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

function serverElement() {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'catalog');
  element.innerHTML = '<h1>Server page</h1>';
  return element;
}

/** A remote whose page first shows a "still loading" placeholder, then its content when told. */
function pendingParcel() {
  let finish: () => void = () => undefined;
  const parcel: AreaParcel = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const { domElement } = props as { domElement: HTMLElement };
      domElement.innerHTML = `<div ${AREA_PENDING_ATTRIBUTE}>Loading…</div>`;
      finish = () => {
        domElement.innerHTML = '<h1>Live page</h1>';
      };
    },
    unmount: async (props) => {
      (props as { domElement: HTMLElement }).domElement.innerHTML = '';
    },
  };
  return { parcel, finish: () => finish() };
}

describe('AreaOutlet with a first view', () => {
  it('keeps the server element on screen while the area loads and while its page is still pending, then swaps in one step', async () => {
    const { parcel, finish } = pendingParcel();
    let arrive: (parcel: AreaParcel) => void = () => undefined;
    const loader = {
      load: () => new Promise<AreaParcel>((resolve) => (arrive = resolve)),
      preload: () => undefined,
    } as unknown as AreaLoader;
    const element = serverElement();
    const done = jest.fn();
    render(
      <AreaOutlet
        area="catalog"
        loader={loader}
        shellProps={shellProps()}
        firstView={element}
        onFirstViewDone={done}
      />,
    );

    // The very element the server sent, moved, not a copy; no loading skeleton instead.
    expect(screen.getByRole('heading', { name: 'Server page' })).toBe(element.querySelector('h1'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => arrive(parcel));
    // Mounted but its page is pending: the live area draws hidden, the server page stays.
    await waitFor(() =>
      expect(document.querySelector(`[${AREA_PENDING_ATTRIBUTE}]`)).not.toBeNull(),
    );
    expect(document.querySelector('.area-root[data-area="catalog"]')).toHaveAttribute('hidden');
    expect(screen.getByRole('heading', { name: 'Server page' })).toBeVisible();
    expect(done).not.toHaveBeenCalled();

    act(() => finish());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Server page' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Live page' })).toBeVisible();
    expect(document.querySelector('.area-root[data-area="catalog"]')).not.toHaveAttribute('hidden');
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('gives way to the area fallback when the area cannot load', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = {
      load: async () => {
        throw new AreaLoadError('catalog', 'unavailable');
      },
      preload: () => undefined,
    } as unknown as AreaLoader;
    render(
      <AreaOutlet
        area="catalog"
        loader={loader}
        shellProps={shellProps()}
        firstView={serverElement()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveAttribute('data-reason', 'unavailable');
    expect(screen.queryByRole('heading', { name: 'Server page' })).not.toBeInTheDocument();
    errorSpy.mockRestore();
  });
});

describe('clicks on a first view', () => {
  it('are replayed on the same control of the live page once it shows, so an early "Add to cart" is not lost', async () => {
    recordFirstViewInteractions(document);
    const liveClicks = jest.fn();
    const parcel: AreaParcel = {
      bootstrap: async () => undefined,
      mount: async (props) => {
        const { domElement } = props as { domElement: HTMLElement };
        domElement.innerHTML =
          '<div class="page"><a href="/pricing">Pricing</a><button type="button">Add to cart</button></div>';
        domElement.querySelector('button')!.addEventListener('click', liveClicks);
      },
      unmount: async () => undefined,
    };
    let arrive: (parcel: AreaParcel) => void = () => undefined;
    const loader = {
      load: () => new Promise<AreaParcel>((resolve) => (arrive = resolve)),
      preload: () => undefined,
    } as unknown as AreaLoader;
    const element = document.createElement('div');
    element.setAttribute('data-first-view-area', 'catalog');
    element.innerHTML =
      '<div class="page"><a href="/pricing">Pricing</a><button type="button">Add to cart</button></div>';
    render(
      <AreaOutlet area="catalog" loader={loader} shellProps={shellProps()} firstView={element} />,
    );

    // Pressed while the page is still the server's: nothing happens yet.
    act(() => element.querySelector('button')!.click());
    expect(liveClicks).not.toHaveBeenCalled();

    await act(async () => arrive(parcel));
    await waitFor(() => expect(liveClicks).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  });
});

describe('links on a first view', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('change pages through the shell history once the shell runs, without a page load; other clicks are left to the browser', () => {
    recordFirstViewInteractions(document);
    const push = jest.fn();
    setFirstViewNavigator(push);
    document.body.innerHTML = `<div data-first-view-area="catalog">
      <a id="inside" href="/pricing?interval=monthly#plans">Pricing</a>
      <a id="away" href="https://partner.example/x">Elsewhere</a>
      <a id="tab" href="/programs" target="_blank">Programs</a></div>
      <a id="outside" href="/quiz">Quiz</a>`;
    const click = (id: string, init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        button: 0,
        ...init,
      });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('inside')).toBe(true);
    expect(push).toHaveBeenCalledWith('/pricing?interval=monthly#plans');
    // Another origin, a new tab, a modified click or a link outside the first view: the browser's own.
    expect(click('away')).toBe(false);
    expect(click('tab')).toBe(false);
    expect(click('inside', { ctrlKey: true })).toBe(false);
    expect(click('outside')).toBe(false);
    expect(push).toHaveBeenCalledTimes(1);
  });
});

describe('whenSettled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves at once without a pending placeholder, and after the wait limit when one never goes away', async () => {
    const settledNow = document.createElement('div');
    await expect(whenSettled(settledNow)).resolves.toBeUndefined();

    const stuck = document.createElement('div');
    stuck.innerHTML = `<div ${AREA_PENDING_ATTRIBUTE}></div>`;
    const resolved = jest.fn();
    void whenSettled(stuck, 1_000).then(resolved);
    await jest.advanceTimersByTimeAsync(999);
    expect(resolved).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(resolved).toHaveBeenCalled();
  });
});
