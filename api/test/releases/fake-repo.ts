// Real folders on disk for release tests: a workspace root with remotes' dist folders, a shell
// build and a deploy folder, all under one temp directory.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { releaseConfigFromEnv, type ReleaseConfig } from '../../src/releases/release-config';
import { openReleases, type Releases } from '../../src/releases/releases';
import type { RemoteDefinition } from '../../src/releases/remotes';

export interface FakeRepo {
  root: string;
  deployDir: string;
  siteRoot: string;
  env: NodeJS.ProcessEnv;
  config: ReleaseConfig;
  releases: Releases;
  remove(): Promise<void>;
}

export async function createFakeRepo(environment = 'test'): Promise<FakeRepo> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-releases-'));
  await fs.writeFile(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  await fs.writeFile(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'fake', packageManager: 'pnpm@12.21.0' }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEPLOY_DIR: '.deploy',
    SHOP_ENV: environment,
    SHOP_OPERATOR: 'tester',
    REMOTES_PUBLIC_URL: '',
  };
  const config = releaseConfigFromEnv(env, root);
  const siteRoot = path.join(root, 'shell', 'dist');
  await writeShellBuild(siteRoot);
  return {
    root,
    deployDir: config.deployDir,
    siteRoot,
    env,
    config,
    releases: openReleases(config),
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** A JS body big enough to be worth compressing, and different for every label. */
export function chunkSource(label: string): string {
  return `/* ${label} */\n${Array.from({ length: 200 }, (_, i) => `export const line${i} = ${JSON.stringify(`${label} line ${i}`)};`).join('\n')}\n`;
}

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** What each remote's build declares in metaData.areaRoutes (as the real remotes do). */
export const TEST_AREA_ROUTES: Record<RemoteDefinition['area'], string[]> = {
  account: ['/login', '/signup', '/reset-password', '/account'],
  catalog: ['/', '/pricing', '/programs'],
  checkout: ['/checkout', '/shopping-cart'],
  upgrades: [],
  storefront: ['/shop/:b2bKey'],
  ops: ['/ops'],
};

/**
 * Writes `<pkg>/dist` the way the real build does: remoteEntry.js, mf-manifest.json and a
 * content-hashed chunk. Returns the chunk's file name.
 */
export async function writeRemoteBuild(
  root: string,
  remote: RemoteDefinition,
  label: string,
  options: {
    packageVersion?: string;
    contractVersion?: string | null;
    /** null: a manifest from before areas declared their paths. */
    areaRoutes?: unknown;
    distDir?: string;
  } = {},
): Promise<string> {
  const packageDir = path.join(root, remote.packageName);
  const distDir = options.distDir ?? path.join(packageDir, 'dist');
  await fs.rm(distDir, { recursive: true, force: true });
  await fs.mkdir(distDir, { recursive: true });
  await fs.mkdir(packageDir, { recursive: true });
  await fs.writeFile(
    path.join(packageDir, 'package.json'),
    JSON.stringify({ name: remote.packageName, version: options.packageVersion ?? '1.0.0' }),
  );
  const chunk = chunkSource(`${remote.name} ${label}`);
  const chunkName = `__federation_expose_app.${shortHash(chunk)}.js`;
  await fs.writeFile(path.join(distDir, chunkName), chunk);
  await fs.writeFile(
    path.join(distDir, 'remoteEntry.js'),
    `var ${remote.name}; /* ${label} loads ${chunkName} */\n`,
  );
  const metaData: Record<string, unknown> = {
    name: remote.name,
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
  };
  if (options.contractVersion !== null)
    metaData.shellContractVersion = options.contractVersion ?? '1.0.0';
  if (options.areaRoutes !== null)
    metaData.areaRoutes = options.areaRoutes ?? TEST_AREA_ROUTES[remote.area];
  await fs.writeFile(
    path.join(distDir, 'mf-manifest.json'),
    JSON.stringify({ id: remote.name, name: remote.name, metaData, exposes: [] }),
  );
  return chunkName;
}

export async function writeShellBuild(siteRoot: string): Promise<void> {
  await fs.mkdir(siteRoot, { recursive: true });
  await fs.writeFile(
    path.join(siteRoot, 'index.html'),
    '<!doctype html><html><head><script defer src="/config.js"></script><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>\n',
  );
  await fs.writeFile(path.join(siteRoot, 'main.0123456789.js'), chunkSource('shell main'));
  await fs.writeFile(
    path.join(siteRoot, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
}

/** sha256 of every file under `dir`, by relative path: proves a folder was not touched. */
export async function fileHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, full)] = createHash('sha256')
      .update(await fs.readFile(full))
      .digest('hex');
  }
  return hashes;
}
