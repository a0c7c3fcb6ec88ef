import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '@shop/shared/contract/cart';
import { createDevShell, DevShellHarness } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type {
  AreaOutletProps,
  PartnerCustomizationProp,
} from '@shop/shared/shell-contract/shell-props';
import { StorefrontRoot } from '../../src/app/parcel';
import { createFakeStorefrontApi, type FakeStorefrontApi } from './fake-storefront-api';

const clients: QueryClient[] = [];
// Cached queries keep timers alive; clearing them lets jest exit.
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

/**
 * The storefront under the test shell at /shop/{shopKey}{page}. `customization` is what the shell
 * passes (undefined: still loading); the fake API serves `served` (defaults to it) by shop key.
 */
export function renderStorefront(
  shopKey: string,
  page: string,
  {
    customization,
    served,
    cart = [],
    setup,
    outlet,
  }: {
    customization: PartnerCustomizationProp | null | undefined;
    served?: PartnerCustomizationProp[];
    cart?: CartItem[];
    /** Runs before the first render, e.g. to make a route fail or to hold an order. */
    setup?: (api: FakeStorefrontApi) => void;
    /** What a nested area renders (default: the dev shell's placeholder). */
    outlet?: (props: AreaOutletProps) => ReactNode;
  },
) {
  const basename = `/shop/${shopKey}`;
  const store = createMemoryNavigationStore(`${basename}${page}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const { props, record } = createDevShell({ store, queryClient, customization });
  const known = served ?? (customization ? [customization] : []);
  const api = createFakeStorefrontApi(
    Object.fromEntries(known.map((entry) => [entry.shopKey, entry])),
    cart,
  );
  api.install(props);
  // Records what each nested area is handed, as the shell's AreaOutlet would pass it on.
  const outlets: AreaOutletProps[] = [];
  const DevOutlet = outlet ?? props.AreaOutlet!;
  props.AreaOutlet = function RecordingAreaOutlet(outlet: AreaOutletProps) {
    outlets.push(outlet);
    return <DevOutlet {...outlet} />;
  };
  setup?.(api);
  const view = render(
    <DevShellHarness Root={StorefrontRoot} store={store} shell={props} basename={basename} />,
  );
  return { ...view, store, record, props, api, queryClient, outlets };
}
