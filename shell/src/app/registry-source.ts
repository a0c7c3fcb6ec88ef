// The registry of live remotes, read once per page load: the loader takes each remote's manifest
// URL from it, and the router each area's path prefixes. A failed read is forgotten, so "Try again"
// reads it anew; a deploy reaches a tab on its next load.
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
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

/**
 * `fetchRegistry` may take long (a busy server); after `slowAfterMs` the router shows its fallback,
 * and a read that still arrives replaces it: slow is not down. Only an error ends a read.
 */
export function createRegistrySource(
  fetchRegistry: () => Promise<RegistryDocument>,
  slowAfterMs: () => number = () => Infinity,
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
    const wait = slowAfterMs();
    const timer = Number.isFinite(wait)
      ? setTimeout(() => state.status === 'loading' && set({ status: 'failed' }), wait)
      : undefined;
    attempt.then(
      (registry) => {
        clearTimeout(timer);
        set({ status: 'ready', table: areaTableOf(registry) });
      },
      () => {
        clearTimeout(timer);
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
