// The shell's one history, wrapped so many listeners (shell, harness, tests) can follow it.
// react-router's own history objects accept a single listener, hence the fan-out.
import { useSyncExternalStore } from 'react';
import { UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory } from 'react-router';
import type { ShellLocation, ShellNavigator } from './shell-props';

type RouterHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export interface NavigationStore {
  navigator: ShellNavigator;
  getLocation(): ShellLocation;
  subscribe(listener: () => void): () => void;
}

function fromHistory(history: RouterHistory): NavigationStore {
  const listeners = new Set<() => void>();
  let location = history.location as ShellLocation;
  history.listen(({ location: next }) => {
    location = next as ShellLocation;
    listeners.forEach((listener) => listener());
  });
  return {
    navigator: history as unknown as ShellNavigator,
    getLocation: () => location,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createBrowserNavigationStore(): NavigationStore {
  return fromHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
}

export function createMemoryNavigationStore(initialPath = '/'): NavigationStore {
  return fromHistory(UNSAFE_createMemoryHistory({ initialEntries: [initialPath], v5Compat: true }));
}

export function useNavigationLocation(store: NavigationStore): ShellLocation {
  return useSyncExternalStore(store.subscribe, store.getLocation, store.getLocation);
}
