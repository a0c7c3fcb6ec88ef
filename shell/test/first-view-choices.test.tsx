// Choices on a first view that takes over eagerly (the catalog's pricing switch): a radio or
// checkbox the visitor changed is carried to the live page, one left as the server drew it has
// its click replayed. Its own file: the kept clicks are module state, as in the browser.
import { act as reactAct, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet } from '../src/federation/area-outlet';
import type { AreaLoader, AreaParcel } from '../src/federation/area-loader';
import { recordFirstViewInteractions } from '../src/federation/first-view-interactions';

const CHOICES = ['one-time', 'monthly', 'quarterly'] as const;

/** The pricing page's switch: native radios, one name, no form, the choice kept by the page. */
function BillingSwitch({ onChoose }: { onChoose: (choice: string) => void }) {
  const [choice, setChoice] = useState('quarterly');
  const [gift, setGift] = useState(false);
  return (
    <div role="radiogroup" aria-label="Billing">
      <label>
        <input
          type="checkbox"
          name="gift"
          checked={gift}
          onChange={(event) => {
            setGift(event.target.checked);
            onChoose(`gift ${event.target.checked}`);
          }}
        />
        As a gift
      </label>
      {CHOICES.map((id) => (
        <label key={id}>
          <input
            type="radio"
            name="pricing-billing"
            value={id}
            checked={choice === id}
            onChange={() => {
              setChoice(id);
              onChoose(id);
            }}
          />
          {id}
        </label>
      ))}
    </div>
  );
}

function switchParcel(onChoose: (choice: string) => void): AreaParcel {
  let root: Root | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot((props as { domElement: HTMLElement }).domElement);
      flushSync(() => root?.render(<BillingSwitch onChoose={onChoose} />));
      // A browser unchecks the other radios of a group when a checked one is inserted; jsdom only
      // when one is checked.
      for (const radio of document.querySelectorAll<HTMLInputElement>('[data-area] :checked'))
        radio.checked = true;
    },
    unmount: async () => reactAct(() => root?.unmount()),
  };
}

function heldLoader() {
  let arrive: (parcel: AreaParcel) => void = () => undefined;
  const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (arrive = resolve)));
  const loader = { load, reload: load, preload: () => undefined, lateArrival: () => undefined };
  return {
    loader: loader as unknown as AreaLoader,
    arrive: (parcel: AreaParcel) => arrive(parcel),
  };
}

function shellProps() {
  const store = createMemoryNavigationStore('/pricing');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

/** The server's switch (quarterly chosen) in an eager first view, the live area on its way. */
function showFirstView() {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'catalog');
  element.innerHTML = renderToStaticMarkup(<BillingSwitch onChoose={() => undefined} />);
  const held = heldLoader();
  render(
    <AreaOutlet
      area="catalog"
      loader={held.loader}
      shellProps={shellProps()}
      firstView={element}
    />,
  );
  return { element, ...held };
}

describe('choices on a first view', () => {
  beforeAll(() => recordFirstViewInteractions(document));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reach the live page when the live radios took the choice back from the first view’s', async () => {
    const user = userEvent.setup();
    const chosen = jest.fn();
    const { element, arrive } = showFirstView();
    await user.click(screen.getByText('one-time'));
    expect(element.querySelector<HTMLInputElement>('[value="one-time"]')!.checked).toBe(true);

    // The live switch draws "quarterly" chosen: in the same group, it unchecks the first view's.
    await act(async () => arrive(switchParcel(chosen)));
    await waitFor(() => expect(element.isConnected).toBe(false));
    await waitFor(() => expect(chosen).toHaveBeenCalledWith('one-time'));
    expect(screen.getByRole('radio', { name: 'one-time' })).toBeChecked();
  });

  it('are carried once, not replayed as well, when the first view still shows them', async () => {
    const user = userEvent.setup();
    const chosen = jest.fn();
    const { element, arrive } = showFirstView();
    // By its label: the click on the label and the one it passes to the box are both kept.
    await user.click(screen.getByText('As a gift'));
    expect(element.querySelector<HTMLInputElement>('[name="gift"]')!.checked).toBe(true);
    await act(async () => arrive(switchParcel(chosen)));
    await waitFor(() => expect(element.isConnected).toBe(false));
    await waitFor(() => expect(chosen).toHaveBeenCalledWith('gift true'));
    // The replay comes after the carry: let it run (a replay would have ticked the box off again).
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(chosen.mock.calls).toEqual([['gift true']]);
    expect(screen.getByRole('checkbox', { name: 'As a gift' })).toBeChecked();
  });
});
