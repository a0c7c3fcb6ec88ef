import type { KyselyPlugin } from 'kysely';

/**
 * Counts the statements run through a handle given `plugin`, during `counted(work)` only (the
 * driver's own begin and commit are not among them).
 */
export function statementCounter() {
  let counting = false;
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (counting) statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
    statements = 0;
    counting = true;
    try {
      return { result: await work(), statements };
    } finally {
      counting = false;
    }
  }
  return { plugin, counted };
}
