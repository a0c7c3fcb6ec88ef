// Loads an area's remote through the federation runtime with a deadline and one retry, so a remote
// that is down, slow or broken turns into an area fallback within 3 s instead of a white screen.
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import { REMOTE_NAMES } from '@shop/shared/shell-contract/shell-props';
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import type { ContractGuard } from './contract-guard';
import { ContractMismatchError } from './contract-guard';
import { isLoadFailedMarker } from './shop-runtime-plugin';

/** The single-spa lifecycles a remote's `./app` module exports. */
export interface AreaParcel {
  bootstrap: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount: (props: unknown) => Promise<unknown>;
  update?: (props: unknown) => Promise<unknown>;
}

export type AreaLoadFailure = 'unavailable' | 'timeout' | 'contract' | 'not-registered';

export class AreaLoadError extends Error {
  constructor(
    readonly area: AreaName,
    readonly failure: AreaLoadFailure,
    readonly causeError?: unknown,
  ) {
    super(
      `${area} area failed to load (${failure})${causeError instanceof Error ? `: ${causeError.message}` : ''}`,
    );
    this.name = 'AreaLoadError';
  }
}

export interface FederationApi {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface AreaLoaderOptions {
  federation: FederationApi;
  guard: ContractGuard;
  /** Reads the registry (and any dev overrides); called lazily and again by "Try again" when it failed. */
  fetchSources: () => Promise<RemoteSource[]>;
  /**
   * Everything, retries included, must settle within this budget (the fallback shows by 3 s). A
   * function is asked at the start of each load, so the first load can subtract the shell's boot time.
   */
  deadlineMs?: number | (() => number);
  retryDelayMs?: number;
  attempts?: number;
  /** Downloads a remote's code without running it (the idle prefetch); none by default. */
  prefetchCode?: (manifestUrl: string) => Promise<unknown>;
}

export interface RemoteSource {
  name: string;
  manifestUrl: string;
}

export function remoteSourcesFrom(
  registry: RegistryDocument,
  overrides: RemoteSource[] = [],
): RemoteSource[] {
  const byName = new Map<string, RemoteSource>();
  for (const entry of Object.values(registry.remotes))
    byName.set(entry.name, { name: entry.name, manifestUrl: entry.manifestUrl });
  for (const override of overrides) byName.set(override.name, override);
  return [...byName.values()];
}

/** The promise to the visitor: an area shows its content or its fallback within this time. */
export const FALLBACK_BUDGET_MS = 3_000;
/** Time kept back for rendering the fallback after the load gives up. */
const RENDER_MARGIN_MS = 300;
/** Never give a remote less than this, even when the shell itself booted slowly. */
const MIN_LOAD_BUDGET_MS = 1_500;

/**
 * The load budget for an area requested `elapsedMs` after the visitor asked for the page: what is
 * left of the 3 s promise (less a render margin), between MIN_LOAD_BUDGET_MS and `maxMs`.
 */
export function remainingLoadBudget(elapsedMs: number, maxMs = 2_500): number {
  return Math.min(
    maxMs,
    Math.max(MIN_LOAD_BUDGET_MS, FALLBACK_BUDGET_MS - RENDER_MARGIN_MS - elapsedMs),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it is still to do
export function createAreaLoader(options: AreaLoaderOptions) {
  const {
    federation,
    guard,
    fetchSources,
    deadlineMs = 2500,
    retryDelayMs = 200,
    attempts = 2,
    prefetchCode,
  } = options;
  const sources = new Map<string, RemoteSource>();
  const loading = new Map<AreaName, Promise<AreaParcel>>();
  const late = new Map<AreaName, Promise<AreaParcel>>();
  let sourcesReady: Promise<void> | null = null;

  function ensureSources(): Promise<void> {
    sourcesReady ??= fetchSources().then(
      (list) => register(list),
      (error: unknown) => {
        sourcesReady = null;
        throw error;
      },
    );
    return sourcesReady;
  }

  function register(list: RemoteSource[], force = false) {
    for (const source of list) sources.set(source.name, source);
    federation.registerRemotes(
      list.map((source) => ({ name: source.name, entry: source.manifestUrl })),
      { force },
    );
  }

  /** Loads and checks `./app`, with every failure turned into an AreaLoadError. No deadline. */
  function loadParcel(area: AreaName): Promise<AreaParcel> {
    const remote = REMOTE_NAMES[area];
    return federation.loadRemote<AreaParcel>(`${remote}/app`).then(
      (module) => {
        if (isLoadFailedMarker(module)) {
          // The runtime plugin turns every load error into its marker, a refused contract included.
          const mismatch =
            guard.mismatchOf(remote) ??
            (module.error instanceof ContractMismatchError ? module.error : undefined);
          throw mismatch
            ? new AreaLoadError(area, 'contract', mismatch)
            : new AreaLoadError(area, 'unavailable', module.error);
        }
        if (!module || typeof module.mount !== 'function')
          throw new AreaLoadError(area, 'unavailable', new Error('./app is not a parcel'));
        return module;
      },
      (error: unknown) => {
        if (error instanceof AreaLoadError) throw error;
        if (guard.mismatchOf(remote) || error instanceof ContractMismatchError)
          throw new AreaLoadError(area, 'contract', error);
        throw new AreaLoadError(area, 'unavailable', error);
      },
    );
  }

  /** A load that missed its deadline keeps going; if it still succeeds, the outlet can show it. */
  function keepLate(area: AreaName, work: Promise<AreaParcel>) {
    work.catch(() => undefined);
    late.set(area, work);
  }

  async function withinDeadline(
    area: AreaName,
    work: Promise<AreaParcel>,
    remaining: number,
  ): Promise<AreaParcel> {
    try {
      return await withDeadline(work, remaining, () => new AreaLoadError(area, 'timeout'));
    } catch (error) {
      if (error instanceof AreaLoadError && error.failure === 'timeout') keepLate(area, work);
      throw error;
    }
  }

  async function loadWithRetry(area: AreaName): Promise<AreaParcel> {
    late.delete(area);
    const budgetMs = typeof deadlineMs === 'function' ? deadlineMs() : deadlineMs;
    const deadline = Date.now() + budgetMs;
    const registered = ensureSources().then(() => {
      if (!sources.has(REMOTE_NAMES[area])) throw new AreaLoadError(area, 'not-registered');
    });
    try {
      await withDeadline(registered, budgetMs, () => new AreaLoadError(area, 'timeout'));
    } catch (error) {
      if (error instanceof AreaLoadError && error.failure === 'timeout')
        keepLate(
          area,
          registered.then(() => loadParcel(area)),
        );
      throw error instanceof AreaLoadError
        ? error
        : new AreaLoadError(area, 'not-registered', error);
    }
    let lastError: unknown;
    for (let tryNumber = 1; tryNumber <= attempts; tryNumber += 1) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      try {
        return await withinDeadline(area, loadParcel(area), remaining);
      } catch (error) {
        lastError = error;
        const retryable = error instanceof AreaLoadError && error.failure === 'unavailable';
        if (!retryable) throw error;
        if (tryNumber < attempts)
          await sleep(Math.min(retryDelayMs, Math.max(0, deadline - Date.now())));
      }
    }
    throw lastError instanceof AreaLoadError
      ? lastError
      : new AreaLoadError(area, 'timeout', lastError);
  }

  return {
    register,
    /** One load per area at a time; a failed load is forgotten so the next call starts afresh. */
    load(area: AreaName): Promise<AreaParcel> {
      let pending = loading.get(area);
      if (!pending) {
        pending = loadWithRetry(area);
        loading.set(area, pending);
        pending.catch(() => loading.delete(area));
      }
      return pending;
    },
    /** "Try again": drop every cached piece of the remote and load it from scratch. */
    reload(area: AreaName): Promise<AreaParcel> {
      loading.delete(area);
      const source = sources.get(REMOTE_NAMES[area]);
      if (source) register([source], true);
      else sourcesReady = null;
      return this.load(area);
    },
    /**
     * After a timeout: the load that missed the deadline, still running. It resolves if the remote
     * turns out to be merely slow, so the outlet can replace the fallback without a click.
     */
    lateArrival(area: AreaName): Promise<AreaParcel> | undefined {
      return late.get(area);
    },
    /**
     * Downloads the area's code without evaluating it, so a later load finds it cached; quiet on
     * failure (the load itself reports).
     */
    prefetch(area: AreaName): Promise<void> {
      if (!prefetchCode) return Promise.resolve();
      return ensureSources()
        .then(() => {
          const source = sources.get(REMOTE_NAMES[area]);
          return source ? prefetchCode(source.manifestUrl) : undefined;
        })
        .then(
          () => undefined,
          () => undefined,
        );
    },
    /** Warms up the likely next area; failures surface only when it is shown. */
    preload(area: AreaName): void {
      this.load(area).catch(() => undefined);
    },
  };
}

export type AreaLoader = ReturnType<typeof createAreaLoader>;
