// The operator actions behind `pnpm shop`: deploy, rollback, deploy-all and status. Only the
// artifact store and the registry are written; the shell's files are never read or touched.
import { text } from 'node:stream/consumers';
import type {
  RegistryDocument,
  RegistryEntry,
  RegistryHistoryEntry,
} from '@shop/shared/releases/registry-document';
import { contractMajor, SHELL_CONTRACT_VERSION } from '@shop/shared/shell-contract/shell-props';
import type { ArtifactMetadata, ArtifactStore } from './artifact-store';
import { manifestUrl } from './artifact-urls';
import {
  BUILD_INFO_FILE,
  inspectBuild,
  MANIFEST_FILE,
  manifestFacts,
  parseJson,
  type BuiltRemote,
} from './built-remote';
import { registryDirOf, storeDirOf, type ReleaseConfig } from './release-config';
import { DirectoryArtifactStore } from './directory-artifact-store';
import type { FileLockOptions } from './registry-lock';
import {
  previousVersion,
  Registry,
  applyLiveChange,
  type LiveChange,
  type ReleaseRegistry,
} from './registry';
import { REMOTES, type RemoteDefinition } from './remotes';

/** A failure the operator can act on; the CLI prints the message without a stack. */
export class ReleaseError extends Error {}

/**
 * The audit-log action of a release change. It keeps its first word, `delivery`: the names are
 * stored in operator_audit_log rows, and old and new rows must read alike.
 */
export type ReleaseAuditAction = 'delivery.deploy' | 'delivery.rollback';

/** One environment's releases: the stored builds, and which version of each remote is live. */
export interface Releases {
  config: ReleaseConfig;
  store: ArtifactStore;
  registry: ReleaseRegistry;
}

export function openReleases(
  config: ReleaseConfig,
  options: { store?: ArtifactStore; registry?: ReleaseRegistry; lock?: FileLockOptions } = {},
): Releases {
  return {
    config,
    store: options.store ?? new DirectoryArtifactStore(storeDirOf(config.deployDir)),
    registry:
      options.registry ??
      new Registry({
        registryDir: registryDirOf(config.deployDir),
        environment: config.environment,
        lock: options.lock,
      }),
  };
}

export interface DeployOutcome extends LiveChange {
  contractVersion: string;
  /** The path prefixes the version serves, as the registry now lists them. */
  areaRoutes: string[];
  /** True when this deploy added the version to the store (false: it was there already). */
  stored: boolean;
  /** What the operator should know: an undeclared contract version, or what --force let through. */
  warnings: string[];
  elapsedMs: number;
}

export interface ChangeOptions {
  /** Make the version live even though the shell will refuse it (the warnings say so). */
  force?: boolean;
}

/** The facts about a version that decide whether the shell will show it. */
interface LiveCandidate {
  remote: RemoteDefinition;
  version: string;
  contractVersion: string;
  areaRoutesProblem: string | null;
}

/**
 * Why the shell would refuse `candidate`: it checks the contract major of every manifest, and
 * routes to an area only the paths its registry entry lists. Empty when there is nothing to refuse.
 */
function shellRefusals(candidate: LiveCandidate): string[] {
  const { remote, version, contractVersion, areaRoutesProblem } = candidate;
  const refusals: string[] = [];
  if (contractMajor(contractVersion) !== contractMajor(SHELL_CONTRACT_VERSION))
    refusals.push(
      `${remote.name} ${version} was built against shell contract ${contractVersion}, but the live shell is on contract ${SHELL_CONTRACT_VERSION}: the shell refuses another major and shows the ${remote.area} area's fallback instead.`,
    );
  if (areaRoutesProblem)
    refusals.push(
      `${MANIFEST_FILE} of ${remote.name} ${version} has no usable area routes (${areaRoutesProblem}), so the shell would send it no page.`,
    );
  return refusals;
}

/** Refuses what the shell would refuse, unless forced; forced, the refusals become warnings. */
export function checkForShell(candidate: LiveCandidate, options: ChangeOptions): string[] {
  const refusals = shellRefusals(candidate);
  if (refusals.length === 0) return [];
  if (!options.force)
    throw new ReleaseError(
      `${refusals.join(' ')} Make a version built with the current shared build config (contract ${contractMajor(SHELL_CONTRACT_VERSION)}.x) live instead, or pass --force to make this one live anyway.`,
    );
  return refusals.map((refusal) => `--force: ${refusal}`);
}

/** A build checked against the shell's rules and put into the store (not live yet). */
export interface StoredBuild {
  build: BuiltRemote;
  /** True when this call added the version to the store. */
  created: boolean;
  metadata: ArtifactMetadata;
  /** The contract warning and what --force let through. */
  warnings: string[];
}

/** Checks the remote's current build (or `distDir`) and puts it into the store; a refused build is not stored. */
export async function storeBuild(
  releases: Releases,
  remote: RemoteDefinition,
  distDir?: string,
  options: ChangeOptions = {},
): Promise<StoredBuild> {
  const build = await inspectBuild(releases.config.repoRoot, remote, distDir);
  const forced = checkForShell(build, options);
  const put = await releases.store.put(
    build.distDir,
    {
      remote: remote.name,
      version: build.version,
      packageVersion: build.packageVersion,
      buildId: build.buildId,
      contractVersion: build.contractVersion,
      storedBy: releases.config.operator,
    },
    [BUILD_INFO_FILE],
  );
  const warning = contractWarning(build);
  return {
    build,
    created: put.created,
    metadata: put.metadata,
    warnings: [...(warning ? [warning] : []), ...forced],
  };
}

/** Publishes the remote's current build (or `distDir`) into the store and makes it live. */
export async function deployBuild(
  releases: Releases,
  remote: RemoteDefinition,
  distDir?: string,
  options: ChangeOptions = {},
): Promise<DeployOutcome> {
  const started = performance.now();
  const stored = await storeBuild(releases, remote, distDir, options);
  const entry = entryFor(releases, stored.metadata, stored.build.areaRoutes);
  const change = await releases.registry.update((doc) =>
    applyLiveChange(doc, entry, releases.config.operator, 'deploy'),
  );
  return {
    ...change,
    contractVersion: stored.build.contractVersion,
    areaRoutes: stored.build.areaRoutes,
    stored: stored.created,
    warnings: stored.warnings,
    elapsedMs: performance.now() - started,
  };
}

/** `shop deploy <remote> --version <v>`: makes an already stored version live. */
export async function deployStoredVersion(
  releases: Releases,
  remote: RemoteDefinition,
  version: string,
  options: ChangeOptions = {},
): Promise<DeployOutcome> {
  return changeLiveVersion(releases, remote, 'deploy', () => version, options);
}

/** `shop rollback <remote> [<version>]`: the previous live version, or the named stored one. */
export async function rollback(
  releases: Releases,
  remote: RemoteDefinition,
  version?: string,
  options: ChangeOptions = {},
): Promise<DeployOutcome> {
  return changeLiveVersion(
    releases,
    remote,
    'rollback',
    (doc) => {
      if (!doc.remotes[remote.name])
        throw new ReleaseError(
          `${remote.name} has never been deployed to ${releases.config.environment}; nothing to roll back.`,
        );
      if (version) return version;
      const previous = previousVersion(doc, remote.name);
      if (!previous)
        throw new ReleaseError(
          `${remote.name} has no earlier version in ${releases.config.environment}; name a stored version to roll back to.`,
        );
      return previous;
    },
    options,
  );
}

/** A stored version's manifest, read when it goes live again (its area routes are the registry's). */
export async function storedManifest(
  store: ArtifactStore,
  remote: string,
  version: string,
): Promise<Record<string, unknown>> {
  const file = await store.stat(remote, version, MANIFEST_FILE);
  if (!file) throw new ReleaseError(`${remote} ${version} has no ${MANIFEST_FILE} in the store.`);
  return parseJson(await text(file.open()), `${MANIFEST_FILE} of ${remote} ${version}`);
}

async function changeLiveVersion(
  releases: Releases,
  remote: RemoteDefinition,
  action: 'deploy' | 'rollback',
  pickVersion: (doc: RegistryDocument) => string,
  options: ChangeOptions,
): Promise<DeployOutcome> {
  const started = performance.now();
  // Picking the target inside the lock: two rollbacks at once step back twice, not once.
  const outcome = await releases.registry.update(async (doc) => {
    const version = pickVersion(doc);
    const metadata = await releases.store.metadata(remote.name, version);
    if (!metadata) {
      const stored = (await releases.store.listVersions(remote.name)).map((meta) => meta.version);
      throw new ReleaseError(
        `${remote.name} ${version} is not in the artifact store. Stored versions: ${stored.length ? stored.join(', ') : 'none'}.`,
      );
    }
    const facts = manifestFacts(await storedManifest(releases.store, remote.name, version));
    const warnings = checkForShell(
      {
        remote,
        version,
        contractVersion: metadata.contractVersion,
        areaRoutesProblem: facts.areaRoutesProblem,
      },
      options,
    );
    const change = applyLiveChange(
      doc,
      entryFor(releases, metadata, facts.areaRoutes),
      releases.config.operator,
      action,
    );
    return {
      ...change,
      contractVersion: metadata.contractVersion,
      areaRoutes: facts.areaRoutes,
      stored: false,
      warnings,
    };
  });
  return { ...outcome, elapsedMs: performance.now() - started };
}

export type DeployAllResult =
  | { remote: string; status: 'deployed'; outcome: DeployOutcome }
  | { remote: string; status: 'up-to-date'; version: string }
  | { remote: string; status: 'failed'; error: string };

/**
 * Deploys every remote whose current build is not the live version; used by `npm start`. `deploy`
 * is how one remote goes live (the CLI passes one that goes through a running shop).
 */
export async function deployAll(
  releases: Releases,
  deploy: (remote: RemoteDefinition) => Promise<DeployOutcome> = (remote) =>
    deployBuild(releases, remote),
): Promise<DeployAllResult[]> {
  const live = await releases.registry.read();
  const results: DeployAllResult[] = [];
  for (const remote of REMOTES) {
    try {
      const build = await inspectBuild(releases.config.repoRoot, remote);
      if (live.remotes[remote.name]?.version === build.version) {
        results.push({ remote: remote.name, status: 'up-to-date', version: build.version });
      } else {
        results.push({
          remote: remote.name,
          status: 'deployed',
          outcome: await deploy(remote),
        });
      }
    } catch (error) {
      results.push({ remote: remote.name, status: 'failed', error: (error as Error).message });
    }
  }
  return results;
}

export interface RemoteStatus {
  name: string;
  packageName: string;
  live: RegistryEntry | null;
  /** The history entry that made the live version live. */
  liveChange: RegistryHistoryEntry | null;
  /** Where `shop rollback` without a version would go. */
  rollbackTarget: string | null;
  /** The canary under way, if any: its version and share of visitors. */
  canary: { version: string; share: number; startedAt: string; by: string } | null;
  /** Every stored version, newest first. */
  versions: ArtifactMetadata[];
}

function canaryOf(doc: RegistryDocument, remote: string): RemoteStatus['canary'] {
  const canary = doc.canaries?.[remote];
  return canary
    ? {
        version: canary.entry.version,
        share: canary.share,
        startedAt: canary.startedAt,
        by: canary.by,
      }
    : null;
}

export interface ReleaseStatus {
  environment: string;
  registryPath: string;
  storeLocation: string;
  remotes: RemoteStatus[];
  history: RegistryHistoryEntry[];
}

export async function releaseStatus(releases: Releases): Promise<ReleaseStatus> {
  const doc = await releases.registry.read();
  const remotes = await Promise.all(
    REMOTES.map(async (remote): Promise<RemoteStatus> => {
      const live = doc.remotes[remote.name] ?? null;
      const liveChange = live
        ? ([...doc.history]
            .reverse()
            .find((h) => h.remote === remote.name && h.to === live.version) ?? null)
        : null;
      return {
        name: remote.name,
        packageName: remote.packageName,
        live,
        liveChange,
        rollbackTarget: previousVersion(doc, remote.name),
        canary: canaryOf(doc, remote.name),
        versions: await releases.store.listVersions(remote.name),
      };
    }),
  );
  return {
    environment: releases.config.environment,
    registryPath: releases.registry.location,
    storeLocation: releases.store.location,
    remotes,
    history: doc.history,
  };
}

export function entryFor(
  releases: Releases,
  metadata: ArtifactMetadata,
  areaRoutes: string[],
): RegistryEntry {
  return {
    name: metadata.remote,
    version: metadata.version,
    manifestUrl: manifestUrl(releases.config.publicBaseUrl, metadata.remote, metadata.version),
    contractVersion: metadata.contractVersion,
    areaRoutes,
  };
}

function contractWarning(build: BuiltRemote): string | undefined {
  return build.contractVersionSource === 'fallback'
    ? `mf-manifest.json of ${build.remote.name} declares no shellContractVersion; assumed the shell's current ${build.contractVersion}.`
    : undefined;
}
