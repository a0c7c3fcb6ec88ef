import { runShop } from '../../src/cli/run-shop';

export interface ShopRun {
  code: number;
  out: string;
  err: string;
}

/** `pnpm shop <argv>` in this process, as an operator runs it, with its output collected. */
export async function runShopCli(
  argv: string[],
  io: { env: NodeJS.ProcessEnv; cwd: string; repoStart: string },
): Promise<ShopRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runShop(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    ...io,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
