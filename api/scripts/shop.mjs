// Entry point of `pnpm shop`: runs the CLI from a bundle (dist/shop.js) instead of compiling its
// TypeScript with tsx on every run, which cost seconds per deploy or rollback. The bundle is built
// again (esbuild, well under a second) only when a file it was built from changed since.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(apiDir, 'dist', 'shop.js');
const inputsFile = path.join(apiDir, 'dist', 'shop.inputs.json');

/** The bundle is current when it exists and none of its inputs (or the lock file) is newer. */
function isCurrent() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return false;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.every((file) => {
    const stats = statSync(path.resolve(apiDir, file), { throwIfNoEntry: false });
    return stats !== undefined && stats.mtimeMs <= builtAt;
  });
}

/** The same bundling rules as build.mjs: our code, @shop/* and kysely inside, node_modules outside. */
async function rebuild() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !name.startsWith('@shop/') && name !== 'kysely')
    .flatMap((name) => [name, `${name}/*`]);
  const result = await build({
    absWorkingDir: apiDir,
    entryPoints: { shop: 'src/cli/shop.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    external,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Written beside and renamed into place: two commands started at once never run a half-written bundle.
  mkdirSync(path.dirname(bundle), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.part`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // The lock file too: an upgraded bundled package (kysely) needs a new bundle.
  const inputs = [...Object.keys(result.metafile.inputs), '../pnpm-lock.yaml'];
  writeFileSync(`${inputsFile}.${process.pid}.part`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${process.pid}.part`, inputsFile);
}

if (!isCurrent()) await rebuild();
await import(pathToFileURL(bundle).href);
