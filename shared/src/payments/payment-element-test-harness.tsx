// Renders the payment element (or any payments UI) under a test shell whose payments client
// answers the config call with `config` (or fails it).
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PaymentsBrowserConfig } from '../contract/payment';
import { ShellContext } from '../federation/shell-context';
import { createDevShell } from '../shell-contract/dev-shell';
import { createFakeApi, fakeError } from '../shell-contract/fake-api';
import { createMemoryNavigationStore } from '../shell-contract/navigation-store';
import type { ShellProps } from '../shell-contract/shell-props';

export function renderWithPayments(ui: ReactNode, config: PaymentsBrowserConfig | 'fails') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createMemoryNavigationStore('/');
  const { props } = createDevShell({ store, queryClient });
  let answer: PaymentsBrowserConfig | 'fails' = config;
  const api = createFakeApi(({ url }) =>
    url.endsWith('/config')
      ? answer === 'fails'
        ? fakeError(503, 'UNAVAILABLE', 'Try later')
        : { status: 200, data: answer }
      : undefined,
  );
  api.install(props);
  const shell = {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  } as ShellProps;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
    </QueryClientProvider>,
  );
  return {
    ...view,
    api,
    queryClient,
    answerConfig(next: PaymentsBrowserConfig | 'fails') {
      answer = next;
    },
  };
}
