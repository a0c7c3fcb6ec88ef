// Renders the account area under the test shell, with its API clients answered by `routes`
// instead of the network. Each route is "METHOD /path" -> [status, body] or a function of the request.
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { createDevShell, DevShellHarness } from '@shop/shared/shell-contract/dev-shell';
import { createFakeApi, type FakeHandler } from '@shop/shared/shell-contract/fake-api';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AccountRoot } from '../../src/app/parcel';

// Typing into antd forms takes a while on a busy CI machine; every account test file imports this.
jest.setTimeout(30_000);

export interface ApiCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

type Reply = [status: number, body?: unknown];
export type Routes = Record<string, Reply | ((call: ApiCall) => Reply)>;

export const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** The account's "METHOD /path" routes as a handler of the shared fake API; every call is recorded. */
function routeHandler(routes: Routes, calls: ApiCall[]): FakeHandler {
  return ({ method, url, params, body }) => {
    const call: ApiCall = { method: method.toUpperCase(), url, params, body };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    // Loud on purpose: a test that reaches an unplanned endpoint should fail, not get a 404.
    if (!route) throw new Error(`No fake route for ${call.method} ${url}`);
    const [status, data = {}] = typeof route === 'function' ? route(call) : route;
    return { status, data };
  };
}

export function renderAccount(
  path: string,
  {
    routes = {},
    user = null,
    seeded = [],
  }: {
    routes?: Routes;
    user?: CurrentUser | null;
    /** Queries a first view seeded (the shell writes them into the client before the area renders). */
    seeded?: { queryKey: readonly unknown[]; data: unknown }[];
  } = {},
) {
  const store = createMemoryNavigationStore(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const { queryKey, data } of seeded) queryClient.setQueryData(queryKey, data);
  const { props, record } = createDevShell({ store, queryClient, user });
  const calls: ApiCall[] = [];
  createFakeApi(routeHandler(routes, calls)).install(props);
  const refresh = jest.fn(async () => undefined);
  const shell = { ...props, userContext: { ...props.userContext, refresh } };
  const view = render(<DevShellHarness Root={AccountRoot} store={store} shell={shell} />);
  const callsTo = (method: string, url: string) =>
    calls.filter((call) => call.method === method && call.url === url);
  return { ...view, store, record, calls, callsTo, refresh, queryClient };
}

export { fill } from '@shop/shared/shell-contract/test-shell';
