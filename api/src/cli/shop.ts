// Entry point of `pnpm shop <command>` (api/package.json: "shop": "tsx src/cli/shop.ts").
import { runShop } from './run-shop';

runShop(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  // pnpm runs scripts inside the package; INIT_CWD is where the operator typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  repoStart: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`shop: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
