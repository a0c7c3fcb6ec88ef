// A button pressed on a first view after typing into its form, replayed on the live page: its
// handler must see what was typed. antd's Form.useWatch tells the page of a carried value in a
// message task of its own, and React renders it in another: a replay one timer after the carry
// ran the live checkout's "Apply" with no email yet (the code checked for nobody). Its own file:
// the kept clicks are module state, as in the browser.
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

it('replays a press on the first view once the live page has taken in what was typed before it', async () => {
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
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  const applied = jest.fn();
  await act(async () => arrive(formParcel(applied)));

  await waitFor(() => expect(element.isConnected).toBe(false));
  await waitFor(() => expect(applied).toHaveBeenCalled());
  expect(applied.mock.calls).toEqual([['ada@example.com']]);
});
