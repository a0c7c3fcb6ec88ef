// Renders an area root under a test implementation of the shell contract, for remotes' component tests.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createDevShell, DevShellHarness, type DevShellOptions } from './dev-shell';
import { createMemoryNavigationStore } from './navigation-store';
import type { ShellProps } from './shell-props';

export function renderArea(
  Root: ComponentType<ShellProps>,
  {
    path = '/',
    basename = '',
    areaProps = {},
    ...options
  }: {
    path?: string;
    basename?: string;
    /** What a host area hands this one through AreaOutlet: merged into its shell props, as the shell does. */
    areaProps?: Record<string, unknown>;
  } & Omit<Partial<DevShellOptions>, 'store'> = {},
) {
  const store = createMemoryNavigationStore(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { props, record } = createDevShell({ store, queryClient, ...options });
  const view = render(
    <DevShellHarness
      Root={Root}
      store={store}
      shell={{ ...props, ...areaProps }}
      basename={basename}
    />,
  );
  return { ...view, store, record, props };
}

/** Replaces a field's text in one input event (a paste): much cheaper than typing each key into antd. */
export async function fill(field: HTMLElement, text: string) {
  const user = userEvent.setup({ delay: null });
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
