import { createShopRuntimePlugin } from '../src/federation/shop-runtime-plugin';
import { createContractGuard } from '../src/federation/contract-guard';

type Hook = (args: unknown) => Promise<unknown>;

/** True when the promise settles before a new task starts (within the current task's microtasks). */
async function settlesWithinTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  return settled;
}

describe('shop runtime plugin', () => {
  it.each(['afterResolve', 'beforeInitContainer', 'initContainer'] as const)(
    '%s hands the same arguments on, but only in a new task',
    async (hookName) => {
      const plugin = createShopRuntimePlugin(createContractGuard());
      const hook = plugin[hookName] as unknown as Hook;
      const args = { remoteInfo: { name: 'mf_catalog' } };
      const result = hook(args);
      expect(await settlesWithinTask(result)).toBe(false);
      await expect(result).resolves.toBe(args);
    },
  );
});
