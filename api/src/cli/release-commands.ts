// `shop deploy | deploy-all | rollback | status | build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inspectBuild, writeBuildInfo } from '../releases/built-remote';
import { releaseConfigFromEnv } from '../releases/release-config';
import type { ReleaseChange } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  releaseStatus,
  deployAll,
  deployStoredVersion,
  openReleases,
  rollback,
  storeBuild,
  type Releases,
  type ReleaseAuditAction,
  type ReleaseStatus,
  type DeployOutcome,
} from '../releases/releases';
import type { Database } from '../db/schema';
import { recordReleaseChange } from '../services/releases/release-audit';
import { findRemote, REMOTES, remoteDistDir, type RemoteDefinition } from '../releases/remotes';
import {
  EXIT_FAILED,
  EXIT_OK,
  stringFlag,
  UsageError,
  type CliCommand,
  type CliIo,
  type ParsedArgs,
} from './cli-command';
import {
  cliActor,
  cliConfig,
  hasDatabase,
  runningShop,
  withDatabase,
  type RunningShop,
} from './shop-connection';

/**
 * Runs `work` with this machine's releases: the directory store and registry file, or, with
 * OBJECT_STORE=s3, the bucket and the registry row in the shop's database, opened for the command.
 */
async function withReleases<T>(
  io: CliIo,
  work: (releases: Releases, db: Database | null) => Promise<T>,
): Promise<T> {
  const releaseConfig = releaseConfigFromEnv(io.env, io.repoStart);
  const config = cliConfig(io);
  if (config.objectStore.kind === 'directory') return work(openReleases(releaseConfig), null);
  return withDatabase(io, async ({ db }) => {
    // Loaded only for a bucket: the S3 client alone takes longer to load than a directory deploy.
    const { openObjectStores } = await import('../services/releases/object-stores');
    const stores = openObjectStores(
      { ...config, deployDir: releaseConfig.deployDir, shopEnv: releaseConfig.environment },
      db,
    );
    try {
      return await work(
        openReleases(releaseConfig, { store: stores.artifacts, registry: stores.registry }),
        db,
      );
    } finally {
      stores.close();
    }
  });
}

/** Makes stored versions live: through a running shop's API, or on the files with an audit row. */
interface LiveChanger {
  deployStored(remote: RemoteDefinition, version: string, force: boolean): Promise<DeployOutcome>;
  rollback(
    remote: RemoteDefinition,
    version: string | undefined,
    force: boolean,
  ): Promise<DeployOutcome>;
}

function apiChanger(shop: RunningShop): LiveChanger {
  const send = async (
    template: string,
    remote: RemoteDefinition,
    body: { version?: string; force: boolean },
  ): Promise<DeployOutcome> => {
    const started = performance.now();
    const change = await shop.call<ReleaseChange>(
      'POST',
      buildPath(template, { remote: remote.name }),
      body,
    );
    return { ...change, stored: false, elapsedMs: performance.now() - started };
  };
  return {
    deployStored: (remote, version, force) =>
      send(API_PATHS.opsReleaseDeploy, remote, { version, force }),
    rollback: (remote, version, force) =>
      send(API_PATHS.opsReleaseRollback, remote, version ? { version, force } : { force }),
  };
}

function directChanger(releases: Releases, db: Database | null, io: CliIo): LiveChanger {
  const audited = async (action: ReleaseAuditAction, force: boolean, outcome: DeployOutcome) => {
    if (db) await recordReleaseChange(db, { actor: cliActor(io), action, force, outcome });
    return outcome;
  };
  return {
    deployStored: async (remote, version, force) =>
      audited(
        'delivery.deploy',
        force,
        await deployStoredVersion(releases, remote, version, { force }),
      ),
    rollback: async (remote, version, force) =>
      audited('delivery.rollback', force, await rollback(releases, remote, version, { force })),
  };
}

/**
 * Runs `work` with the way changes go live. A running shop of the same environment takes them
 * (its API holds the database for the audit row); with no shop, the CLI changes the files and
 * writes the audit row itself. Before the shop's first start there is no database yet: the
 * registry's history is the only record then.
 */
async function withChanger<T>(
  io: CliIo,
  releases: Releases,
  db: Database | null,
  work: (changer: LiveChanger) => Promise<T>,
): Promise<T> {
  const shop = await runningShop(io);
  if (shop) {
    const served = await shop.call<{ environment: string }>('GET', API_PATHS.opsReleases);
    if (served.environment === releases.config.environment) {
      io.out(`Through the running shop at ${shop.url}.`);
      return work(apiChanger(shop));
    }
    io.err(
      `warning: the running shop serves "${served.environment}", not "${releases.config.environment}": this change is made on the files and is not in the audit log.`,
    );
    return work(directChanger(releases, null, io));
  }
  // The object store's registry is in the database, which withReleases has opened already.
  if (db) return work(directChanger(releases, db, io));
  if (!hasDatabase(cliConfig(io))) return work(directChanger(releases, null, io));
  return withDatabase(io, ({ db }) => work(directChanger(releases, db, io)));
}

/** Stores the build on this machine, then makes it live through `changer` (the shell's rules apply twice, same answer). */
async function deployBuildWith(
  changer: LiveChanger,
  releases: Releases,
  remote: RemoteDefinition,
  distDir: string | undefined,
  force: boolean,
): Promise<DeployOutcome> {
  const started = performance.now();
  const stored = await storeBuild(releases, remote, distDir, { force });
  const outcome = await changer.deployStored(remote, stored.build.version, force);
  return {
    ...outcome,
    stored: stored.created,
    warnings: [...new Set([...stored.warnings, ...outcome.warnings])],
    elapsedMs: performance.now() - started,
  };
}

function remoteArg(args: ParsedArgs, command: string): RemoteDefinition {
  const spelling = args.positionals[0];
  if (!spelling) throw new UsageError(`${command} needs a remote, e.g. mf-catalog.`);
  const remote = findRemote(spelling);
  if (!remote)
    throw new UsageError(
      `Unknown remote "${spelling}". Remotes: ${REMOTES.map((r) => r.packageName).join(', ')}.`,
    );
  return remote;
}

/** --force: make a version live that the shell will refuse (it then shows the area's fallback). */
function forceFlag(args: ParsedArgs): boolean {
  const force = args.flags.get('force');
  if (typeof force === 'string') throw new UsageError('--force takes no value.');
  return force === true;
}

function describeChange(outcome: DeployOutcome, environment: string, verb: string): string[] {
  const lines = outcome.changed
    ? [
        `${verb} ${outcome.remote} ${outcome.to} is live in "${environment}" (was ${outcome.from ?? 'not deployed'}).`,
      ]
    : [`${outcome.remote} ${outcome.to} was already live in "${environment}"; nothing changed.`];
  lines.push(
    `  contract ${outcome.contractVersion}, took ${Math.round(outcome.elapsedMs)} ms; live on the next page load.`,
  );
  for (const warning of outcome.warnings) lines.push(`  warning: ${warning}`);
  return lines;
}

export const deployCommand: CliCommand = {
  name: 'deploy',
  usage: 'deploy <remote> [--version <version>] [--from <dist folder>] [--force]',
  summary:
    "Publish the remote's build into the store and make it live; --version makes a stored version live. Refuses what the shell would refuse (another contract major, no area routes) unless --force.",
  valueFlags: ['version', 'from'],
  async run(args, io) {
    const remote = remoteArg(args, 'deploy');
    const version = stringFlag(args, 'version');
    const from = stringFlag(args, 'from');
    if (version && from)
      throw new UsageError(
        'Use either --version (a stored version) or --from (a build folder), not both.',
      );
    const force = forceFlag(args);
    return withReleases(io, async (releases, db) => {
      const outcome = await withChanger(io, releases, db, (changer) =>
        version
          ? changer.deployStored(remote, version, force)
          : deployBuildWith(
              changer,
              releases,
              remote,
              from ? path.resolve(io.cwd, from) : undefined,
              force,
            ),
      );
      if (!version)
        io.out(
          outcome.stored
            ? `Stored ${remote.name} ${outcome.to} in ${releases.store.location}.`
            : `${remote.name} ${outcome.to} was already in the store.`,
        );
      for (const line of describeChange(outcome, releases.config.environment, 'Deployed'))
        io.out(line);
      return EXIT_OK;
    });
  },
};

export const deployAllCommand: CliCommand = {
  name: 'deploy-all',
  usage: 'deploy-all',
  summary: 'Deploy every remote whose current build is not live yet (npm start runs this).',
  run: (_args, io) => withReleases(io, (releases, db) => deployAllWith(io, releases, db)),
};

/** Prints one line per remote and a summary; fails when any remote did. */
async function deployAllWith(io: CliIo, releases: Releases, db: Database | null): Promise<number> {
  const results = await withChanger(io, releases, db, (changer) =>
    deployAll(releases, (remote) => deployBuildWith(changer, releases, remote, undefined, false)),
  );
  for (const result of results) {
    const name = result.remote.padEnd(14);
    if (result.status === 'up-to-date') io.out(`${name} up to date    ${result.version}`);
    else if (result.status === 'deployed') {
      io.out(
        `${name} deployed      ${result.outcome.to} (was ${result.outcome.from ?? 'not deployed'}) in ${Math.round(result.outcome.elapsedMs)} ms`,
      );
      for (const warning of result.outcome.warnings) io.out(`${''.padEnd(14)} warning: ${warning}`);
    } else io.err(`${name} FAILED        ${result.error}`);
  }
  const failed = results.filter((result) => result.status === 'failed').length;
  io.out(
    failed
      ? `${failed} of ${results.length} remotes failed in "${releases.config.environment}".`
      : `All ${results.length} remotes are live in "${releases.config.environment}".`,
  );
  return failed ? EXIT_FAILED : EXIT_OK;
}

export const rollbackCommand: CliCommand = {
  name: 'rollback',
  usage: 'rollback <remote> [<version>] [--force]',
  summary:
    'Make the previous live version (or the named stored one) live again; refuses one the shell would refuse unless --force.',
  async run(args, io) {
    const remote = remoteArg(args, 'rollback');
    if (args.positionals.length > 2)
      throw new UsageError('rollback takes a remote and at most one version.');
    const force = forceFlag(args);
    return withReleases(io, async (releases, db) => {
      const outcome = await withChanger(io, releases, db, (changer) =>
        changer.rollback(remote, args.positionals[1], force),
      );
      for (const line of describeChange(outcome, releases.config.environment, 'Rolled back:'))
        io.out(line);
      return EXIT_OK;
    });
  },
};

export const statusCommand: CliCommand = {
  name: 'status',
  usage: 'status [--json] [--history <count>]',
  summary: "Each remote's live version, the older versions in the store, and the history.",
  valueFlags: ['history'],
  async run(args, io) {
    const status = await withReleases(io, (releases) => releaseStatus(releases));
    if (args.flags.get('json') === true) {
      io.out(JSON.stringify(status, null, 2));
      return EXIT_OK;
    }
    const historyFlag = stringFlag(args, 'history');
    const historyCount = historyFlag === undefined ? 15 : Number.parseInt(historyFlag, 10);
    if (!Number.isInteger(historyCount) || historyCount < 0)
      throw new UsageError('--history needs a whole number.');
    for (const line of formatStatus(status, historyCount)) io.out(line);
    return EXIT_OK;
  },
};

export function formatStatus(status: ReleaseStatus, historyCount: number): string[] {
  const lines = [
    `Environment  ${status.environment}`,
    `Registry     ${status.registryPath}`,
    `Store        ${status.storeLocation}`,
    '',
  ];
  for (const remote of status.remotes) {
    const name = remote.name.padEnd(14);
    if (!remote.live) lines.push(`${name} not deployed`);
    else {
      const since = remote.liveChange
        ? ` since ${remote.liveChange.at} by ${remote.liveChange.by} (${remote.liveChange.action ?? 'deploy'})`
        : '';
      lines.push(
        `${name} live ${remote.live.version}  contract ${remote.live.contractVersion}${since}`,
      );
      const paths = remote.live.areaRoutes ?? [];
      lines.push(
        `${''.padEnd(14)} serves: ${paths.length ? paths.join(' ') : 'no path of its own'}`,
      );
    }
    const older = remote.versions.filter((meta) => meta.version !== remote.live?.version);
    const indent = ''.padEnd(14);
    lines.push(
      `${indent} stored: ${remote.versions.length} version(s)${older.length ? `; others: ${older.map((meta) => meta.version).join(', ')}` : ''}`,
    );
    if (remote.live)
      lines.push(
        `${indent} rollback goes to: ${remote.rollbackTarget ?? 'nothing earlier (name a version)'}`,
      );
    if (remote.canary)
      lines.push(
        `${indent} canary: ${remote.canary.version} for ${remote.canary.share} % of visitors since ${remote.canary.startedAt} by ${remote.canary.by}`,
      );
  }
  const shown = historyCount === 0 ? [] : status.history.slice(-historyCount).reverse();
  lines.push('', `History (latest ${shown.length} of ${status.history.length}, newest first)`);
  for (const change of shown) {
    lines.push(
      `  ${change.at}  ${change.remote.padEnd(14)} ${(change.action ?? 'deploy').padEnd(8)} ${change.from ?? '(none)'} -> ${change.to}  by ${change.by}`,
    );
  }
  return lines;
}

export const buildCommand: CliCommand = {
  name: 'build',
  usage: 'build <remote>',
  summary:
    'Build one remote alone (pnpm --filter <package> build) and record its build id (BUILD_ID, or a content hash).',
  async run(args, io) {
    const remote = remoteArg(args, 'build');
    const config = releaseConfigFromEnv(io.env, io.repoStart);
    const started = performance.now();
    const code = await runPnpm(config.repoRoot, ['--filter', remote.packageName, 'build'], io.env);
    if (code !== 0) {
      io.err(`Build of ${remote.packageName} failed (exit ${code}).`);
      return EXIT_FAILED;
    }
    const distDir = remoteDistDir(config.repoRoot, remote);
    await writeBuildInfo(distDir, io.env.BUILD_ID);
    const build = await inspectBuild(config.repoRoot, remote);
    io.out(
      `Built ${remote.packageName} ${build.version} (contract ${build.contractVersion}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    io.out(`Deploy it with: pnpm shop deploy ${remote.packageName}`);
    return EXIT_OK;
  },
};

/** Uses the pnpm that runs `pnpm shop` when there is one, else the version pinned in packageManager. */
function runPnpm(repoRoot: string, pnpmArgs: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const execPath = env.npm_execpath;
  const runningPnpm = execPath && /pnpm/.test(path.basename(execPath)) && fs.existsSync(execPath);
  // pnpm 12 from npm is a native executable; older ones are a JavaScript file run by node.
  const [command, args]: [string, string[]] = runningPnpm
    ? /\.[cm]?js$/.test(execPath)
      ? [process.execPath, [execPath, ...pnpmArgs]]
      : [execPath, pnpmArgs]
    : ['npx', ['--yes', pinnedPnpm(repoRoot), ...pnpmArgs]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function pinnedPnpm(repoRoot: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    packageManager?: string;
    engines?: { pnpm?: string };
  };
  if (pkg.packageManager?.startsWith('pnpm@')) return pkg.packageManager;
  return pkg.engines?.pnpm ? `pnpm@${pkg.engines.pnpm}` : 'pnpm';
}
