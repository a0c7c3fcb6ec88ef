import {
  AreaLoadError,
  createAreaLoader,
  remainingLoadBudget,
  type AreaParcel,
  type FederationApi,
} from '../src/federation/area-loader';
import { createContractGuard } from '../src/federation/contract-guard';
import { LOAD_FAILED } from '../src/federation/shop-runtime-plugin';

const parcel: AreaParcel = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
};
const sources = async () => [
  { name: 'mf_catalog', manifestUrl: '/remotes/mf_catalog/1/mf-manifest.json' },
];

function federation(results: Array<() => Promise<unknown>>) {
  const calls: string[] = [];
  const registered: Array<{ force?: boolean }> = [];
  const api: FederationApi = {
    registerRemotes: (_remotes, options) => registered.push(options ?? {}),
    loadRemote: <T>(id: string) => {
      calls.push(id);
      const next = results.shift() ?? (() => Promise.reject(new Error('no more results')));
      return next() as Promise<T>;
    },
  };
  return { api, calls, registered };
}

describe('area loader', () => {
  it('retries once after a failed load and returns the parcel', async () => {
    const fed = federation([
      () => Promise.reject(new Error('ChunkLoadError')),
      () => Promise.resolve(parcel),
    ]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      retryDelayMs: 1,
    });
    await expect(loader.load('catalog')).resolves.toBe(parcel);
    expect(fed.calls).toEqual(['mf_catalog/app', 'mf_catalog/app']);
  });

  it('turns the runtime plugin marker into an unavailable error', async () => {
    const marker = { [LOAD_FAILED]: true, id: 'mf_catalog/app', error: new Error('boom') };
    const fed = federation([() => Promise.resolve(marker), () => Promise.resolve(marker)]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      retryDelayMs: 1,
    });
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('gives up at the deadline when the remote hangs', async () => {
    const fed = federation([() => new Promise(() => undefined)]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      deadlineMs: 50,
    });
    // The remote never answers: only the deadline can end the load (how soon is not asserted).
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('keeps a load that missed the deadline, so a merely slow remote still arrives', async () => {
    let arrive: (value: unknown) => void = () => undefined;
    const fed = federation([() => new Promise((resolve) => (arrive = resolve))]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      deadlineMs: 30,
    });
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'timeout' });
    const late = loader.lateArrival('catalog');
    expect(late).toBeDefined();
    arrive(parcel);
    await expect(late).resolves.toBe(parcel);
    expect(loader.lateArrival('account')).toBeUndefined();
  });

  it('asks a deadline function at the start of each load', async () => {
    const fed = federation([
      () => new Promise(() => undefined),
      () => new Promise(() => undefined),
    ]);
    const budgets = [30, 60];
    const asked: number[] = [];
    const deadlineMs = () => {
      const next = budgets.shift()!;
      asked.push(next);
      return next;
    };
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      deadlineMs,
    });
    let started = Date.now();
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    started = Date.now();
    await expect(loader.reload('catalog')).rejects.toMatchObject({ failure: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(asked).toEqual([30, 60]);
  });

  it('keeps the first load inside the 3 s fallback promise, but never below 1.5 s', () => {
    expect(remainingLoadBudget(0)).toBe(2500);
    expect(remainingLoadBudget(600)).toBe(2100);
    expect(remainingLoadBudget(2000)).toBe(1500);
    expect(remainingLoadBudget(0, 1000)).toBe(1000);
  });

  it('does not retry a contract mismatch', async () => {
    const guard = createContractGuard('1.0.0');
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fed = federation([
      async () => {
        guard.check('mf_catalog', '2.0.0');
      },
    ]);
    const loader = createAreaLoader({ federation: fed.api, guard, fetchSources: sources });
    const error = await loader.load('catalog').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AreaLoadError);
    expect((error as AreaLoadError).failure).toBe('contract');
    expect(fed.calls).toHaveLength(1);
    expect(errorSpy).toHaveBeenCalledWith(
      expect.stringContaining('mf_catalog was built against shell contract 2.0.0'),
    );
    errorSpy.mockRestore();
  });

  it('reports a contract mismatch that reaches it as the runtime plugin marker, without a retry', async () => {
    const guard = createContractGuard('1.0.0');
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fed = federation([
      async () => {
        try {
          guard.check('mf_catalog', '2.0.0');
        } catch (error) {
          return { [LOAD_FAILED]: true, id: 'mf_catalog/app', error };
        }
        return parcel;
      },
    ]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard,
      fetchSources: sources,
      retryDelayMs: 1,
    });
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'contract' });
    expect(fed.calls).toHaveLength(1);
    errorSpy.mockRestore();
  });

  it('reports an area missing from the registry, and Try again re-registers the remote with force', async () => {
    const fed = federation([
      () => Promise.reject(new Error('down')),
      () => Promise.reject(new Error('down')),
      () => Promise.resolve(parcel),
    ]);
    const loader = createAreaLoader({
      federation: fed.api,
      guard: createContractGuard(),
      fetchSources: sources,
      retryDelayMs: 1,
    });
    await expect(loader.load('checkout')).rejects.toMatchObject({ failure: 'not-registered' });
    await expect(loader.load('catalog')).rejects.toMatchObject({ failure: 'unavailable' });
    await expect(loader.reload('catalog')).resolves.toBe(parcel);
    expect(fed.registered.at(-1)).toEqual({ force: true });
  });
});
