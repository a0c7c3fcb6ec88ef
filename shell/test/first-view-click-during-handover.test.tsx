// A click a busy browser delivers on the live page just after the swap, before the values carried
// from the first view have rendered, must see them too: the quiz's "Next" pressed right after an
// answer chosen on the first view went to a page that did not know the answer yet, and stayed put.
// Its own file: the kept clicks are module state, as in the browser.
import { act as reactAct } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
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

/** The checkout's shape: an antd form, and a button outside its fields that reads a watched field. */
function DiscountForm({ onApply }: { onApply: (email: string | undefined) => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const email = Form.useWatch('email', form);
  return (
    <Form form={form} layout="vertical">
      <Form.Item name="email" label="Email">
        <Input />
      </Form.Item>
      <button type="button" onClick={() => onApply(email)}>
        Apply
      </button>
    </Form>
  );
}

function formParcel(onApply: (email: string | undefined) => void): AreaParcel {
  let root: Root | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot((props as { domElement: HTMLElement }).domElement);
      flushSync(() => root?.render(<DiscountForm onApply={onApply} />));
    },
    unmount: async () => reactAct(() => root?.unmount()),
  };
}

function shellProps() {
  const store = createMemoryNavigationStore('/checkout');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

beforeAll(() => recordFirstViewInteractions(document));

it('holds a click on the live page made before the carried values have rendered, and makes it after', async () => {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'checkout');
  element.innerHTML = renderToStaticMarkup(<DiscountForm onApply={() => undefined} />);
  let arrive: (parcel: AreaParcel) => void = () => undefined;
  const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (arrive = resolve)));
  const loader = { load, reload: load, preload: () => undefined, lateArrival: () => undefined };
  render(
    <AreaOutlet
      area="checkout"
      loader={loader as unknown as AreaLoader}
      shellProps={shellProps()}
      firstView={element}
    />,
  );

  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  // The visitor's next click arrives the moment the first view leaves: the live "Apply" is there,
  // the email carried into its field, but not yet rendered into the page's state.
  const clickedAtSwap = new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => {
      if (element.isConnected) return;
      watch.disconnect();
      screen.getByRole('button', { name: 'Apply' }).click();
      resolve();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
  const applied = jest.fn();
  await act(async () => arrive(formParcel(applied)));
  await clickedAtSwap;

  await waitFor(() => expect(applied).toHaveBeenCalled());
  expect(applied.mock.calls).toEqual([['ada@example.com']]);
});
