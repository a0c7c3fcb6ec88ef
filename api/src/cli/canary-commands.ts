// `shop release deploy <remote> --canary <share>`, `shop release promote <remote> [--to <share>]`
// and `shop release abort <remote>`. With a shop running they go through its operator API (which
// writes the audit row); otherwise straight to the registry, with the audit row when there is a
// database to write it to.
import path from 'node:path';
import { CANARY_PATHS, type CanaryChange } from '@shop/shared/contract/ops-canary';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { Database } from '../db/schema';
import {
  abortCanary,
  deployCanary,
  promoteCanary,
  type CanaryOutcome,
} from '../releases/canary-releases';
import { releaseConfigFromEnv } from '../releases/release-config';
import { openReleases, ReleaseError, storeBuild, type Releases } from '../releases/releases';
import { findRemote, REMOTES, type RemoteDefinition } from '../releases/remotes';
import { recordCanaryChange } from '../services/releases/canary-audit';
import {
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

/** This machine's releases: the directory store and registry file, or the bucket and the registry row. */
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

type CanaryRequest =
  | { kind: 'start'; remote: RemoteDefinition; version: string; share: number; force: boolean }
  | { kind: 'promote'; remote: RemoteDefinition; to?: number }
  | { kind: 'abort'; remote: RemoteDefinition };

async function throughApi(shop: RunningShop, request: CanaryRequest): Promise<CanaryOutcome> {
  const started = performance.now();
  const remote = request.remote.name;
  const change =
    request.kind === 'start'
      ? await shop.call<CanaryChange>('POST', buildPath(CANARY_PATHS.start, { remote }), {
          version: request.version,
          share: request.share,
          force: request.force,
        })
      : request.kind === 'promote'
        ? await shop.call<CanaryChange>(
            'POST',
            buildPath(CANARY_PATHS.promote, { remote }),
            request.to === undefined ? {} : { to: request.to },
          )
        : await shop.call<CanaryChange>('POST', buildPath(CANARY_PATHS.abort, { remote }));
  return {
    ...change,
    action: change.action === 'auto-abort' ? 'abort' : change.action,
    elapsedMs: performance.now() - started,
  };
}

async function onFiles(releases: Releases, request: CanaryRequest): Promise<CanaryOutcome> {
  if (request.kind === 'start')
    return deployCanary(releases, request.remote, {
      version: request.version,
      share: request.share,
      options: { force: request.force },
    });
  if (request.kind === 'promote') return promoteCanary(releases, request.remote, request.to);
  const ended = await abortCanary(releases, request.remote);
  if (!ended) throw new ReleaseError(`${request.remote.name} has no canary to abort.`);
  return ended;
}

/** The change through a running shop of this environment, else on the files (audited when it can be). */
async function applyChange(
  io: CliIo,
  releases: Releases,
  db: Database | null,
  request: CanaryRequest,
): Promise<CanaryOutcome> {
  const shop = await runningShop(io);
  if (shop) {
    const served = await shop.call<{ environment: string }>('GET', API_PATHS.opsReleases);
    if (served.environment === releases.config.environment) return throughApi(shop, request);
    io.err(
      `warning: the running shop serves "${served.environment}", not "${releases.config.environment}": this change is made on the files and is not in the audit log.`,
    );
    return onFiles(releases, request);
  }
  const outcome = await onFiles(releases, request);
  const audit = (handle: Database) => recordCanaryChange(handle, { actor: cliActor(io), outcome });
  if (db) await audit(db);
  else if (hasDatabase(cliConfig(io))) await withDatabase(io, ({ db: opened }) => audit(opened));
  return outcome;
}

function remoteArg(args: ParsedArgs): RemoteDefinition {
  const spelling = args.positionals[1];
  if (!spelling) throw new UsageError('release needs a remote, e.g. mf-checkout.');
  const remote = findRemote(spelling);
  if (!remote)
    throw new UsageError(
      `Unknown remote "${spelling}". Remotes: ${REMOTES.map((r) => r.packageName).join(', ')}.`,
    );
  return remote;
}

function shareFlag(args: ParsedArgs, name: string): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  const share = Number(value);
  if (!Number.isFinite(share) || share <= 0 || share > 100)
    throw new UsageError(`--${name} is a per cent above 0 and at most 100, not "${value}".`);
  return share;
}

function describe(outcome: CanaryOutcome): string[] {
  const took = `took ${Math.round(outcome.elapsedMs)} ms; visitors get it on their next page load.`;
  const lines =
    outcome.action === 'start' || outcome.action === 'step'
      ? [
          `${outcome.remote} ${outcome.version} is the canary for ${outcome.toShare} % of visitors (was ${outcome.fromShare ?? 0} %); everyone else stays on ${outcome.stable}.`,
        ]
      : outcome.action === 'promote'
        ? [
            `${outcome.remote} ${outcome.version} is live for everyone (was ${outcome.stable}, canary at ${outcome.fromShare ?? 0} %).`,
          ]
        : [
            `${outcome.remote} canary ${outcome.version} aborted at ${outcome.fromShare} %: everyone gets ${outcome.live}.`,
          ];
  lines.push(`  ${took}`);
  for (const warning of outcome.warnings) lines.push(`  warning: ${warning}`);
  return lines;
}

async function deploySub(args: ParsedArgs, io: CliIo): Promise<CanaryOutcome> {
  const remote = remoteArg(args);
  const share = shareFlag(args, 'canary');
  if (share === undefined)
    throw new UsageError('release deploy needs --canary <share>, e.g. --canary 5.');
  const version = stringFlag(args, 'version');
  const from = stringFlag(args, 'from');
  if (version && from) throw new UsageError('Use either --version or --from, not both.');
  const force = args.flags.get('force') === true;
  return withReleases(io, async (releases, db) => {
    let target = version;
    if (!target) {
      const stored = await storeBuild(
        releases,
        remote,
        from ? path.resolve(io.cwd, from) : undefined,
        { force },
      );
      target = stored.build.version;
      io.out(
        stored.created
          ? `Stored ${remote.name} ${target} in ${releases.store.location}.`
          : `${remote.name} ${target} was already in the store.`,
      );
    }
    return applyChange(io, releases, db, { kind: 'start', remote, version: target, share, force });
  });
}

export const releaseCommand: CliCommand = {
  name: 'release',
  usage:
    'release deploy <remote> --canary <share> [--from <dist folder> | --version <v>] [--force] | release promote <remote> [--to <share>] | release abort <remote>',
  summary:
    'Canary releases: send a share of visitors to a new version, step the share up (5 → 25 → 50 → 100) and promote it to everyone, or abort it.',
  valueFlags: ['canary', 'from', 'version', 'to'],
  async run(args, io) {
    const sub = args.positionals[0];
    let outcome: CanaryOutcome;
    if (sub === 'deploy') outcome = await deploySub(args, io);
    else if (sub === 'promote') {
      const remote = remoteArg(args);
      const to = shareFlag(args, 'to');
      outcome = await withReleases(io, (releases, db) =>
        applyChange(io, releases, db, { kind: 'promote', remote, to }),
      );
    } else if (sub === 'abort') {
      const remote = remoteArg(args);
      outcome = await withReleases(io, (releases, db) =>
        applyChange(io, releases, db, { kind: 'abort', remote }),
      );
    } else throw new UsageError('release takes deploy, promote or abort.');
    for (const line of describe(outcome)) io.out(line);
    return EXIT_OK;
  },
};
