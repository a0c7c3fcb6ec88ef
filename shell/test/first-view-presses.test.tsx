// A press on a first view's button answers at once: the button is marked busy and the press is
// announced, until the press is replayed on the live page or the area fails to load. Its own file:
// the presses are noted once per page load (module state), as in the browser.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet } from '../src/federation/area-outlet';
import { AreaLoadError, type AreaLoader, type AreaParcel } from '../src/federation/area-loader';
import { recordFirstViewInteractions } from '../src/federation/first-view-interactions';

const PAGE = `<div class="page">
  <button type="button">Add to cart</button>
  <button type="button" aria-label="One more kit">+</button>
  <label><input type="checkbox" name="gift" /> A gift</label>
  <a href="/pricing">Pricing</a>
</div>`;

/** The server's element of the page. */
function serverElement(): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'checkout');
  element.innerHTML = PAGE;
  return element;
}

/** The live page, counting presses on its buttons by name. */
function liveParcel(pressed: string[]): AreaParcel {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const { domElement } = props as { domElement: HTMLElement };
      domElement.innerHTML = PAGE;
      for (const button of domElement.querySelectorAll('button'))
        button.addEventListener('click', () =>
          pressed.push(button.getAttribute('aria-label') ?? button.textContent!),
        );
    },
    unmount: async () => undefined,
  };
}

/** A loader whose one load the test answers or fails, and whose load past its deadline may still arrive. */
function heldLoader() {
  let settle: { arrive(parcel: AreaParcel): void; fail(error: Error): void } | undefined;
  let late: { arrive(parcel: AreaParcel): void; fail(error: Error): void } | undefined;
  const lateLoad = new Promise<AreaParcel>((arrive, fail) => {
    late = { arrive, fail };
  });
  const load = () =>
    new Promise<AreaParcel>((arrive, fail) => {
      settle = { arrive, fail };
    });
  const loader = { load, reload: load, preload: () => undefined, lateArrival: () => lateLoad };
  return {
    loader: loader as unknown as AreaLoader,
    arrive: (parcel: AreaParcel) => act(async () => settle!.arrive(parcel)),
    fail: (error: Error) => act(async () => settle!.fail(error)),
    arriveLate: (parcel: AreaParcel) => act(async () => late!.arrive(parcel)),
  };
}

function showFirstView(loader: AreaLoader, element: HTMLElement) {
  const store = createMemoryNavigationStore('/shopping-cart');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  const navigation = { location: store.getLocation(), navigator: store.navigator, basename: '' };
  render(
    <AreaOutlet
      area="checkout"
      loader={loader}
      shellProps={{ ...props, navigation }}
      firstView={element}
    />,
  );
}

const announced = () => screen.queryAllByRole('status').map((region) => region.textContent);

beforeAll(() => recordFirstViewInteractions(document));

// First: what the visitor did is noted once per page load, and the later tests act on the page.
describe('an area past its load deadline behind a first view nobody acted on', () => {
  it('gives way to the fallback at the deadline when the visitor has not acted on it', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader, fail, arriveLate } = heldLoader();
    showFirstView(loader, serverElement());

    await fail(new AreaLoadError('checkout', 'timeout'));
    expect(await screen.findByRole('alert')).toHaveAttribute('data-reason', 'timeout');
    // Slow is not down: the area replaces the fallback when it arrives.
    await arriveLate(liveParcel([]));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    errorSpy.mockRestore();
  });
});

describe('a press on a first view before its live page is ready', () => {
  it('marks the button busy and announces it at once, keeps one press, and ends when that press is replayed', async () => {
    const { loader, arrive } = heldLoader();
    const element = serverElement();
    showFirstView(loader, element);
    const user = userEvent.setup();
    const addToCart = screen.getByRole('button', { name: 'Add to cart' });

    await user.click(addToCart);
    expect(addToCart).toHaveAttribute('aria-busy', 'true');
    expect(addToCart).toHaveAttribute('data-first-view-pressed');
    expect(announced()).toEqual(['Loading…']);
    // Tapped again while it spins: still one press. A checkbox carries its own state, unmarked.
    await user.click(addToCart);
    await user.click(screen.getByRole('checkbox', { name: 'A gift' }));
    expect(screen.getByRole('checkbox', { name: 'A gift' })).not.toHaveAttribute('aria-busy');

    const pressed: string[] = [];
    await arrive(liveParcel(pressed));
    await waitFor(() => expect(pressed).toEqual(['Add to cart']));
    expect(element.isConnected).toBe(false);
    expect(addToCart).not.toHaveAttribute('aria-busy');
    expect(addToCart).not.toHaveAttribute('data-first-view-pressed');
    expect(announced()).toEqual([]);
  });

  it('answers Enter and Space on a focused button the same way', async () => {
    const { loader, arrive } = heldLoader();
    showFirstView(loader, serverElement());
    const user = userEvent.setup();

    act(() => screen.getByRole('button', { name: 'Add to cart' }).focus());
    await user.keyboard('{Enter}');
    act(() => screen.getByRole('button', { name: 'One more kit' }).focus());
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: 'One more kit' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    const pressed: string[] = [];
    await arrive(liveParcel(pressed));
    await waitFor(() => expect(pressed).toEqual(['Add to cart', 'One more kit']));
    expect(announced()).toEqual([]);
  });

  it('stops being busy when the area fails to load', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader, fail } = heldLoader();
    showFirstView(loader, serverElement());
    const addToCart = screen.getByRole('button', { name: 'Add to cart' });
    await userEvent.setup().click(addToCart);
    expect(announced()).toEqual(['Loading…']);

    await fail(new AreaLoadError('checkout', 'unavailable'));
    expect(await screen.findByRole('alert')).toHaveAttribute('data-reason', 'unavailable');
    expect(addToCart).not.toHaveAttribute('aria-busy');
    expect(announced()).toEqual([]);
    errorSpy.mockRestore();
  });
});

describe('an area past its load deadline behind a first view', () => {
  it('keeps the first view the visitor pressed on, busy, and replays the press when the area arrives', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader, fail, arriveLate } = heldLoader();
    const element = serverElement();
    showFirstView(loader, element);
    const plus = screen.getByRole('button', { name: 'One more kit' });
    await userEvent.setup().click(plus);

    await fail(new AreaLoadError('checkout', 'timeout'));
    // No fallback over the page the visitor is using: their press would be lost with it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(element.isConnected).toBe(true);
    expect(plus).toHaveAttribute('aria-busy', 'true');

    const pressed: string[] = [];
    await arriveLate(liveParcel(pressed));
    await waitFor(() => expect(pressed).toEqual(['One more kit']));
    expect(element.isConnected).toBe(false);
    errorSpy.mockRestore();
  });
});
