// A checkout-shaped area for hand-over tests: an antd form whose button outside its fields reads a
// watched field (as the checkout's "Apply" reads the email), on a first view the outlet takes over.
import { act as reactAct } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet } from '../../src/federation/area-outlet';
import type { AreaLoader, AreaParcel } from '../../src/federation/area-loader';

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

/**
 * Renders the outlet over the server's drawing of the form; `arrive(onApply)` then delivers the
 * live area, whose "Apply" reports the email it sees.
 */
export function renderDiscountFirstView() {
  const element = document.createElement('div');
  element.setAttribute('data-first-view-area', 'checkout');
  element.innerHTML = renderToStaticMarkup(<DiscountForm onApply={() => undefined} />);
  let deliver: (parcel: AreaParcel) => void = () => undefined;
  const load = jest.fn(() => new Promise<AreaParcel>((resolve) => (deliver = resolve)));
  const loader = { load, reload: load, preload: () => undefined, lateArrival: () => undefined };
  render(
    <AreaOutlet
      area="checkout"
      loader={loader as unknown as AreaLoader}
      shellProps={shellProps()}
      firstView={element}
    />,
  );
  return { element, arrive: (onApply: jest.Mock) => deliver(formParcel(onApply)) };
}
