// Helpers for the release browser tests: a server per spec file with an empty store
// (the spec deploys what it needs), shell file hashes, and patched copies of a remote's build.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { REPO_ROOT, startShopServer, type CommandResult, type ShopServer } from './shop-server';
import { waitForLivePage } from './first-view';

export { REPO_ROOT, type CommandResult } from './shop-server';

export type ReleaseServer = ShopServer;

/** A server with an empty artifact store and registry: nothing is deployed yet. */
export function startReleaseServer(): Promise<ReleaseServer> {
  return startShopServer({ deployAll: false, label: 'shop-e2e-releases' });
}

/**
 * Starts a server for the spec file (serial mode: the tests share its store and registry) and
 * stops it afterwards; `prepare` runs once it is up, e.g. to deploy remotes.
 */
export function releaseServerForFile(
  prepare?: (server: ReleaseServer) => Promise<void>,
): () => ReleaseServer {
  let server: ReleaseServer | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startReleaseServer();
    await prepare?.(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The release server is not running.');
    return server;
  };
}

/** sha256 of every file of the shell's build: deploys and rollbacks must leave them alone. */
export async function shellFileHashes(): Promise<Record<string, string>> {
  const dist = path.join(REPO_ROOT, 'shell', 'dist');
  const hashes: Record<string, string> = {};
  for (const name of (await fs.readdir(dist, { recursive: true })).sort()) {
    const full = path.join(dist, name);
    if ((await fs.stat(full)).isFile())
      hashes[name] = createHash('sha256')
        .update(await fs.readFile(full))
        .digest('hex');
  }
  return hashes;
}

export async function hasBuild(packageName: string): Promise<boolean> {
  return fs.access(path.join(REPO_ROOT, packageName, 'dist', 'mf-manifest.json')).then(
    () => true,
    () => false,
  );
}

async function builtJavaScript(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await fs.readdir(folder)) {
    if (name.endsWith('.js')) files.set(name, await fs.readFile(path.join(folder, name), 'utf8'));
  }
  return files;
}

/**
 * A text the area shows that is a string literal in the remote's own build (not data from the
 * API), so a patched build visibly changes it.
 */
export async function findBuiltText(
  page: Page,
  area: string,
  packageName: string,
): Promise<string> {
  // Read from the live area alone: while a server first view is on screen, both are in the page.
  await waitForLivePage(page);
  const shown = await page
    .locator(`[data-area="${area}"]`)
    .evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((element) => element.children.length === 0)
        .map((element) => element.textContent?.trim() ?? ''),
    );
  const js = [...(await builtJavaScript(path.join(REPO_ROOT, packageName, 'dist'))).values()].join(
    '\n',
  );
  const found = [...new Set(shown)].find(
    (text) => text.length >= 6 && text.length <= 80 && js.includes(JSON.stringify(text)),
  );
  if (!found)
    throw new Error(
      `No text shown by the ${area} area is a string literal in ${packageName}'s build.`,
    );
  return found;
}

/** A copy of a remote's build in `workDir`, without the build id of the original (it is another build). */
async function copyOfBuild(workDir: string, packageName: string, label: string): Promise<string> {
  const target = path.join(workDir, `${packageName}-${label}`);
  await fs.cp(path.join(REPO_ROOT, packageName, 'dist'), target, { recursive: true });
  await fs.rm(path.join(target, 'build-info.json'), { force: true });
  return target;
}

/**
 * Copies a remote's build and changes it the way a new release would: each string literal `from`
 * becomes its `to`. Returns the folder, ready for `shop deploy <remote> --from <folder>`.
 */
export async function patchedCopyOfBuild(
  workDir: string,
  packageName: string,
  label: string,
  replacements: readonly (readonly [from: string, to: string])[],
): Promise<string> {
  const target = await copyOfBuild(workDir, packageName, label);
  const files = await builtJavaScript(target);
  for (const [from, to] of replacements) {
    const [quotedFrom, quotedTo] = [JSON.stringify(from), JSON.stringify(to)];
    let replaced = 0;
    for (const [name, text] of files) {
      if (!text.includes(quotedFrom)) continue;
      replaced += text.split(quotedFrom).length - 1;
      files.set(name, text.split(quotedFrom).join(quotedTo));
    }
    if (replaced === 0)
      throw new Error(`${quotedFrom} does not occur in ${packageName}'s built JavaScript.`);
  }
  for (const [name, text] of files) await fs.writeFile(path.join(target, name), text);
  return target;
}

/** Changes what the copied build's mf-manifest.json declares (metaData: contract version, area routes…). */
export async function editManifestMetaData(
  folder: string,
  edit: (metaData: Record<string, unknown>) => void,
): Promise<void> {
  const manifestPath = path.join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as {
    metaData: Record<string, unknown>;
  };
  edit(manifest.metaData);
  await fs.writeFile(manifestPath, JSON.stringify(manifest));
}

/** A copy of a remote's build whose manifest declares another shell-contract version. */
export async function copyWithContract(
  workDir: string,
  packageName: string,
  contractVersion: string,
): Promise<string> {
  const target = await copyOfBuild(workDir, packageName, `contract-${contractVersion}`);
  await editManifestMetaData(target, (metaData) => {
    metaData.shellContractVersion = contractVersion;
  });
  return target;
}

/** The version a `shop deploy` or `shop rollback` reports as live. */
export function liveVersionFrom(result: CommandResult): string {
  const match = /mf_\w+ (\S+) is live in/.exec(result.out);
  if (result.code !== 0 || !match)
    throw new Error(`shop failed (exit ${result.code}):\n${result.out}\n${result.err}`);
  return match[1]!;
}
