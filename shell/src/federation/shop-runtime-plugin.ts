// Module-federation runtime plugin: checks each manifest's contract version before any remote code
// runs, turns a failure while loading an exposed module into a marker the area loader handles, and
// cuts a remote's start into tasks of their own.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../app/next-task';
import type { ContractGuard } from './contract-guard';

export const LOAD_FAILED = Symbol.for('shop.area-load-failed');

export interface LoadFailedMarker {
  [LOAD_FAILED]: true;
  id: string;
  error: unknown;
}

export function isLoadFailedMarker(value: unknown): value is LoadFailedMarker {
  return typeof value === 'object' && value !== null && LOAD_FAILED in value;
}

async function checkedManifestFetch(
  url: string,
  init: RequestInit,
  guard: ContractGuard,
): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = (await response.clone().json()) as {
    name?: string;
    metaData?: { name?: string; shellContractVersion?: unknown };
  };
  guard.check(
    manifest.metaData?.name ?? manifest.name ?? url,
    manifest.metaData?.shellContractVersion,
  );
  return response;
}

export function createShopRuntimePlugin(guard: ContractGuard): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-failure-isolation',
    fetch(url, init) {
      if (!/\.json(\?|$)/.test(url)) return undefined;
      return checkedManifestFetch(url, init, guard);
    },
    // Reading a remote's manifest, running its entry script, its container init and loading its
    // exposed module each run in a task of their own rather than in one long one (the runtime
    // chains them in microtasks).
    async afterResolve(args) {
      await nextTask();
      return args;
    },
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async initContainer(args) {
      await nextTask();
      return args;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      // Only at onLoad is the return value used as the module; at afterResolve it would be taken as the manifest.
      if (lifecycle !== 'onLoad') return undefined;
      const marker: LoadFailedMarker = { [LOAD_FAILED]: true, id, error };
      return marker;
    },
  };
}
