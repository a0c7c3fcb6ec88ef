import type { KyselyPlugin } from 'kysely';

interface Counted<T> {
  result: T;
  /** Statements answered (the driver's own begin and commit are not among them). */
  statements: number;
  /** Of those, the ones Kysely built from a query builder: prepared statements run as written. */
  built: number;
}

/** Counts the statements run through a handle given `plugin`, during `counted(work)` only. */
export function statementCounter() {
  let counting = false;
  let statements = 0;
  let built = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (counting) built += 1;
      return args.node;
    },
    transformResult: async (args) => {
      if (counting) statements += 1;
      return args.result;
    },
  };
  async function counted<T>(work: () => Promise<T>): Promise<Counted<T>> {
    statements = 0;
    built = 0;
    counting = true;
    try {
      const result = await work();
      return { result, statements, built };
    } finally {
      counting = false;
    }
  }
  return { plugin, counted };
}
