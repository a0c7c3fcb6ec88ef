// The registry of live remotes, read once per page load: the loader takes each remote's manifest
// URL from it, and the router each area's path prefixes. A failed read is forgotten, so "Try again"
// reads it anew; a deploy reaches a tab on its next load.
import type { RegistryDocument } from '@shop/shared/delivery/registry-document';
import { areaTableOf, type AreaTable } from '@shop/shared/shell-contract/area-routes';

export type AreaTableState =
  { status: 'loading' } | { status: 'ready'; table: AreaTable } | { status: 'failed' };

export interface RegistrySource {
  read(): Promise<RegistryDocument>;
  /** The areas' prefixes once read (a snapshot for useSyncExternalStore). */
  areas(): AreaTableState;
  subscribe(listener: () => void): () => void;
  /** Starts the page's read, or after a failure a new one; a no-op while one is under way or done. */
  load(): void;
}

export function createRegistrySource(
  fetchRegistry: () => Promise<RegistryDocument>,
): RegistrySource {
  let pending: Promise<RegistryDocument> | null = null;
  let state: AreaTableState = { status: 'loading' };
  const listeners = new Set<() => void>();
  const set = (next: AreaTableState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  function read(): Promise<RegistryDocument> {
    if (pending) return pending;
    const attempt = fetchRegistry();
    pending = attempt;
    if (state.status === 'failed') set({ status: 'loading' });
    attempt.then(
      (registry) => set({ status: 'ready', table: areaTableOf(registry) }),
      () => {
        pending = null;
        set({ status: 'failed' });
      },
    );
    return attempt;
  }

  return {
    read,
    areas: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      read().catch(() => undefined);
    },
  };
}
