// A first view whose page nests another area (a partner's cart is the checkout's, inside the
// storefront's frame): a press on the nested part before anything has loaded is made on the live
// nested area, even when that area mounts a while after its code arrived. Its own file: the first
// interaction is noted once per page load (module state), as in the browser.
import { act as reactAct } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type { ShellProps } from '@shop/shared/shell-contract/shell-props';
import { AreaOutlet } from '../src/federation/area-outlet';
import type { AreaLoader, AreaParcel } from '../src/federation/area-loader';
import {
  recordFirstViewInteractions,
  whenFirstInteraction,
} from '../src/federation/first-view-interactions';

function shellProps(): Omit<ShellProps, 'reportAreaError'> {
  const store = createMemoryNavigationStore('/shop/acme/shopping-cart');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

/** A loader whose load the test answers. */
function heldLoader() {
  let arrive: (parcel: AreaParcel) => void = () => undefined;
  const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (arrive = resolve)));
  const loader = {
    load,
    reload: load,
    preload: () => undefined,
    lateArrival: () => undefined,
  } as unknown as AreaLoader;
  return { loader, load, arrive: (parcel: AreaParcel) => arrive(parcel) };
}

/** The nested area's page: one line and its Remove button. */
function CartLines({ onRemove }: { onRemove: () => void }) {
  return (
    <div className="lines">
      <p>Acme Complete Panel</p>
      <button type="button" onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/** A parcel drawing `page`; its mount ends only when `mounted` settles. */
function parcelOf(page: () => React.ReactElement, mounted: Promise<void> = Promise.resolve()) {
  let root: Root | undefined;
  const parcel: AreaParcel = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      await mounted;
      root = createRoot((props as { domElement: HTMLElement }).domElement);
      flushSync(() => root?.render(page()));
    },
    unmount: async () => reactAct(() => root?.unmount()),
  };
  return parcel;
}

describe('a first view with a nested area', () => {
  beforeAll(() => recordFirstViewInteractions(document));

  it("replays a press on the nested part once the nested area has mounted, not on the host's empty place for it", async () => {
    const user = userEvent.setup();
    const removed = jest.fn();
    const host = heldLoader();
    const nested = heldLoader();
    const props = shellProps();
    // The server's page: the host's frame, the nested area's part in its slot.
    const element = document.createElement('div');
    element.setAttribute('data-first-view-area', 'storefront');
    element.innerHTML = renderToStaticMarkup(
      <div className="host">
        <h1>Your cart</h1>
        <div className="area-root" data-area="checkout">
          <div data-first-view-slot="0">
            <CartLines onRemove={() => undefined} />
          </div>
        </div>
      </div>,
    );
    render(
      <AreaOutlet
        area="storefront"
        loader={host.loader}
        shellProps={props}
        firstView={element}
        loadAfter={whenFirstInteraction()}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(host.load).toHaveBeenCalledTimes(1));
    await act(async () =>
      host.arrive(
        parcelOf(() => (
          <div className="host">
            <h1>Your cart</h1>
            <AreaOutlet area="checkout" loader={nested.loader} shellProps={props} />
          </div>
        )),
      ),
    );
    await waitFor(() => expect(nested.load).toHaveBeenCalledTimes(1));
    // The nested area's code is there; its mount takes a while longer.
    let finishMount: () => void = () => undefined;
    const mounted = new Promise<void>((resolve) => (finishMount = resolve));
    await act(async () => nested.arrive(parcelOf(() => <CartLines onRemove={removed} />, mounted)));
    await act(async () => undefined);
    expect(element.isConnected).toBe(true);

    await act(async () => finishMount());
    await waitFor(() => expect(element.isConnected).toBe(false));
    await waitFor(() => expect(removed).toHaveBeenCalledTimes(1));
  });
});
