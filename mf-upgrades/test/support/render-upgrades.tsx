import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell, DevShellHarness } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { UpgradesRoot } from '../../src/app/parcel';
import { createFakeUpgradesApi, ORDER } from './fake-upgrades-api';

const clients: QueryClient[] = [];
// Cached queries keep timers alive; clearing them lets jest exit.
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

/**
 * The upgrades area as checkout's thank-you page mounts it: the shell's props plus the order's
 * areaProps, its API answered by the fake before the first request.
 */
export function renderUpgrades({
  areaProps = ORDER as Record<string, unknown>,
  api = createFakeUpgradesApi(),
} = {}) {
  const store = createMemoryNavigationStore('/checkout/thank-you');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const { props, record } = createDevShell({ store, queryClient });
  api.install(props);
  const view = render(
    <DevShellHarness Root={UpgradesRoot} store={store} shell={{ ...props, ...areaProps }} />,
  );
  return { ...view, record, api, queryClient };
}
