// Renders the console under the test shell, its API answered by the shared fake adapter.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell, DevShellHarness } from '@shop/shared/shell-contract/dev-shell';
import { createFakeApi, type FakeHandler } from '@shop/shared/shell-contract/fake-api';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { OpsRoot } from '../../src/app/parcel';

// The order and partner screens draw many antd tables and fields: slow in jsdom on a busy machine.
jest.setTimeout(90_000);

const clients: QueryClient[] = [];
// Cached queries keep timers alive; clearing them lets jest exit.
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

const OPERATOR = { email: 'ops@bloodwise.test', firstName: 'Olga', lastName: 'Ops' };

export function renderOps(path: string, routes: FakeHandler) {
  const store = createMemoryNavigationStore(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const { props, record } = createDevShell({ store, queryClient, user: OPERATOR as never });
  const api = createFakeApi(routes);
  api.install(props);
  const view = render(<DevShellHarness Root={OpsRoot} store={store} shell={props} />);
  return { ...view, store, record, api, user: userEvent.setup({ delay: null }) };
}

export { fill } from '@shop/shared/shell-contract/test-shell';
