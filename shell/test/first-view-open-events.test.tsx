// The page-open analytics of an 'on-interaction' first view: sent by the shell at start, not again
// when the live area runs its hooks at takeover, while a genuine later event still goes out.
import { act as reactAct } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import {
  FIRST_VIEW_STATE_ID,
  jsonForScript,
  type FirstViewState,
} from '@shop/shared/ssr/server-render';
import { createAnalytics } from '../src/features/analytics/analytics';
import {
  endOpenEventsOnNavigation,
  sendFirstViewOpenEvents,
} from '../src/features/analytics/first-view-events';
import { disabledProductAnalytics } from '../src/features/analytics/product-analytics';
import { AreaOutlet } from '../src/federation/area-outlet';
import type { AreaLoader, AreaParcel } from '../src/federation/area-loader';
import { readFirstView } from '../src/federation/first-view';
import {
  firstInteractionTime,
  recordFirstViewInteractions,
  whenFirstInteraction,
} from '../src/federation/first-view-interactions';

const BEGIN = {
  event: 'begin_checkout' as const,
  // Key order differs from the live call's below: the same event all the same.
  params: { ecommerce: { value: 49, currency: 'USD', items: [{ item_id: 'kit', quantity: 1 }] } },
};

/** The live checkout page: its hook sends begin_checkout as it mounts. */
function checkoutParcel(track: Track): AreaParcel {
  let root: Root | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      track('begin_checkout', {
        ecommerce: {
          currency: 'USD',
          items: [{ item_id: 'kit', quantity: 1 }],
          value: 49,
          coupon: undefined,
        },
      });
      root = createRoot((props as { domElement: HTMLElement }).domElement);
      flushSync(() => root?.render(<button type="button">Place order</button>));
    },
    unmount: async () => reactAct(() => root?.unmount()),
  };
}

function pageWithFirstView(state: FirstViewState): HTMLElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_VIEW_STATE_ID;
  script.textContent = jsonForScript(state);
  document.head.append(script);
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', state.area);
  element.innerHTML = '<button type="button">Place order</button>';
  document.body.append(element);
  return element;
}

function startShell(state: FirstViewState) {
  const element = pageWithFirstView(state);
  const store = createMemoryNavigationStore(state.pathname);
  const queryClient = new QueryClient();
  const firstView = readFirstView(document, queryClient);
  const analytics = createAnalytics({ win: window, product: disabledProductAnalytics });
  sendFirstViewOpenEvents(firstView, analytics);
  endOpenEventsOnNavigation({ firstView, analytics, store });
  return { element, store, queryClient, analytics };
}

const sent = () => (window.dataLayer ?? []).filter((entry) => 'event' in entry);

beforeAll(() => recordFirstViewInteractions(document));

beforeEach(() => {
  window.dataLayer = [];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/checkout');
});

describe("an 'on-interaction' first view's page-open events", () => {
  it('are sent at start before any interaction, not again at takeover, and a later genuine event still is', async () => {
    const state: FirstViewState = {
      area: 'checkout',
      pathname: '/checkout',
      basename: '',
      b2bKey: null,
      queries: [],
      takeover: 'on-interaction',
      openEvents: [BEGIN],
    };
    const { element, store, queryClient, analytics } = startShell(state);
    expect(firstInteractionTime()).toBeNull();
    expect(sent()).toEqual([{ ...BEGIN.params, event: 'begin_checkout' }]);

    let arrive: (parcel: AreaParcel) => void = () => undefined;
    const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (arrive = resolve)));
    const loader = {
      load,
      reload: load,
      preload: () => undefined,
      lateArrival: () => undefined,
    } as unknown as AreaLoader;
    const { props } = createDevShell({ store, queryClient });
    render(
      <AreaOutlet
        area="checkout"
        loader={loader}
        shellProps={{
          ...props,
          track: analytics.track,
          navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
        }}
        firstView={element}
        loadAfter={whenFirstInteraction()}
      />,
    );
    expect(load).not.toHaveBeenCalled();

    // The first interaction loads the area; its hook sends the same begin_checkout: dropped.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => arrive(checkoutParcel(analytics.track)));
    await waitFor(() => expect(element.isConnected).toBe(false));
    expect(sent().filter((entry) => entry.event === 'begin_checkout')).toHaveLength(1);

    // A genuine repeat later on the same page (another mount of the form) is sent.
    analytics.track('begin_checkout', BEGIN.params);
    analytics.track('add_payment_info', { ecommerce: { value: 49 } });
    expect(sent().map((entry) => entry.event)).toEqual([
      'begin_checkout',
      'begin_checkout',
      'add_payment_info',
    ]);
  });

  it('hold no event past the page visit: after a navigation the same event is sent', () => {
    const view = {
      event: 'view_item' as const,
      params: { ecommerce: { items: [{ item_id: 'kit' }] } },
    };
    window.history.replaceState(null, '', '/shop/acme/pricing');
    const { store, analytics } = startShell({
      area: 'storefront',
      pathname: '/shop/acme/pricing',
      basename: '/shop/acme',
      b2bKey: 'acme',
      queries: [],
      takeover: 'on-interaction',
      openEvents: [view],
    });
    expect(sent()).toHaveLength(1);
    store.navigator.push('/shop/acme');
    store.navigator.push('/shop/acme/pricing');
    analytics.track(view.event, view.params);
    expect(sent()).toHaveLength(2);
  });

  it('are not sent by the shell for an eager first view (its area sends them as it starts)', () => {
    startShell({
      area: 'catalog',
      pathname: '/checkout',
      basename: '',
      b2bKey: null,
      queries: [],
      takeover: 'eager',
      openEvents: [BEGIN],
    });
    expect(sent()).toEqual([]);
  });
});
