import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, RootOperationNode } from 'kysely';

interface Counted<T> {
  result: T;
  /** Statements answered (the driver's own begin and commit are not among them). */
  statements: number;
  /** Of those, the ones Kysely built from a query builder: prepared statements run as written. */
  built: number;
}

interface Tally {
  statements: number;
  built: number;
  skipped: Set<unknown>;
}

/**
 * Counts the statements run through a handle given `plugin`, by `counted(work)` only: the count
 * follows work's async context, so the app's pollers and schedulers running meanwhile (started
 * elsewhere) are never counted. `skip` leaves out statements that are not ours (a provider's).
 */
export function statementCounter(options: { skip?: (node: RootOperationNode) => boolean } = {}) {
  const tallies = new AsyncLocalStorage<Tally>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      const tally = tallies.getStore();
      if (tally) {
        if (options.skip?.(args.node)) tally.skipped.add(args.queryId);
        else tally.built += 1;
      }
      return args.node;
    },
    transformResult: async (args) => {
      const tally = tallies.getStore();
      if (tally && !tally.skipped.delete(args.queryId)) tally.statements += 1;
      return args.result;
    },
  };
  async function counted<T>(work: () => Promise<T>): Promise<Counted<T>> {
    const tally: Tally = { statements: 0, built: 0, skipped: new Set() };
    const result = await tallies.run(tally, work);
    return { result, statements: tally.statements, built: tally.built };
  }
  return { plugin, counted };
}
