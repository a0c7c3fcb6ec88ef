// The operator actions behind `pnpm shop`: deploy, rollback, deploy-all and status. Only the
// artifact store and the registry are written; the shell's files are never read or touched.
import type {
  RegistryDocument,
  RegistryEntry,
  RegistryHistoryEntry,
} from '@shop/shared/delivery/registry-document';
import type { ArtifactMetadata, ArtifactStore } from './artifact-store';
import { manifestUrl } from './artifact-urls';
import { BUILD_INFO_FILE, inspectBuild, type BuiltRemote } from './built-remote';
import { registryDirOf, storeDirOf, type DeliveryConfig } from './delivery-config';
import { DirectoryArtifactStore } from './directory-artifact-store';
import type { FileLockOptions } from './file-lock';
import { previousVersion, Registry, applyLiveChange, type LiveChange } from './registry';
import { REMOTES, type RemoteDefinition } from './remotes';

/** A failure the operator can act on; the CLI prints the message without a stack. */
export class DeliveryError extends Error {}

export interface Delivery {
  config: DeliveryConfig;
  store: ArtifactStore;
  registry: Registry;
}

export function openDelivery(
  config: DeliveryConfig,
  options: { store?: ArtifactStore; lock?: FileLockOptions } = {},
): Delivery {
  return {
    config,
    store: options.store ?? new DirectoryArtifactStore(storeDirOf(config.deployDir)),
    registry: new Registry({
      registryDir: registryDirOf(config.deployDir),
      environment: config.environment,
      lock: options.lock,
    }),
  };
}

export interface DeployOutcome extends LiveChange {
  contractVersion: string;
  /** True when this deploy added the version to the store (false: it was there already). */
  stored: boolean;
  /** Set when the build did not declare its contract version. */
  warning?: string;
  elapsedMs: number;
}

/** Publishes the remote's current build (or `distDir`) into the store and makes it live. */
export async function deployBuild(
  delivery: Delivery,
  remote: RemoteDefinition,
  distDir?: string,
): Promise<DeployOutcome> {
  const started = performance.now();
  const build = await inspectBuild(delivery.config.repoRoot, remote, distDir);
  const put = await delivery.store.put(
    build.distDir,
    {
      remote: remote.name,
      version: build.version,
      packageVersion: build.packageVersion,
      buildId: build.buildId,
      contractVersion: build.contractVersion,
      storedBy: delivery.config.operator,
    },
    [BUILD_INFO_FILE],
  );
  const change = await delivery.registry.setLive(
    entryFor(delivery, put.metadata),
    delivery.config.operator,
    'deploy',
  );
  return {
    ...change,
    contractVersion: build.contractVersion,
    stored: put.created,
    warning: contractWarning(build),
    elapsedMs: performance.now() - started,
  };
}

/** `shop deploy <remote> --version <v>`: makes an already stored version live. */
export async function deployStoredVersion(
  delivery: Delivery,
  remote: RemoteDefinition,
  version: string,
): Promise<DeployOutcome> {
  return changeLiveVersion(delivery, remote, 'deploy', () => version);
}

/** `shop rollback <remote> [<version>]`: the previous live version, or the named stored one. */
export async function rollback(
  delivery: Delivery,
  remote: RemoteDefinition,
  version?: string,
): Promise<DeployOutcome> {
  return changeLiveVersion(delivery, remote, 'rollback', (doc) => {
    if (!doc.remotes[remote.name])
      throw new DeliveryError(
        `${remote.name} has never been deployed to ${delivery.config.environment}; nothing to roll back.`,
      );
    if (version) return version;
    const previous = previousVersion(doc, remote.name);
    if (!previous)
      throw new DeliveryError(
        `${remote.name} has no earlier version in ${delivery.config.environment}; name a stored version to roll back to.`,
      );
    return previous;
  });
}

async function changeLiveVersion(
  delivery: Delivery,
  remote: RemoteDefinition,
  action: 'deploy' | 'rollback',
  pickVersion: (doc: RegistryDocument) => string,
): Promise<DeployOutcome> {
  const started = performance.now();
  // Picking the target inside the lock: two rollbacks at once step back twice, not once.
  const outcome = await delivery.registry.update(async (doc) => {
    const version = pickVersion(doc);
    const metadata = await delivery.store.metadata(remote.name, version);
    if (!metadata) {
      const stored = (await delivery.store.listVersions(remote.name)).map((meta) => meta.version);
      throw new DeliveryError(
        `${remote.name} ${version} is not in the artifact store. Stored versions: ${stored.length ? stored.join(', ') : 'none'}.`,
      );
    }
    const change = applyLiveChange(
      doc,
      entryFor(delivery, metadata),
      delivery.config.operator,
      action,
    );
    return { ...change, contractVersion: metadata.contractVersion, stored: false };
  });
  return { ...outcome, elapsedMs: performance.now() - started };
}

export type DeployAllResult =
  | { remote: string; status: 'deployed'; outcome: DeployOutcome }
  | { remote: string; status: 'up-to-date'; version: string }
  | { remote: string; status: 'failed'; error: string };

/** Deploys every remote whose current build is not the live version; used by `npm start`. */
export async function deployAll(delivery: Delivery): Promise<DeployAllResult[]> {
  const live = await delivery.registry.read();
  const results: DeployAllResult[] = [];
  for (const remote of REMOTES) {
    try {
      const build = await inspectBuild(delivery.config.repoRoot, remote);
      if (live.remotes[remote.name]?.version === build.version) {
        results.push({ remote: remote.name, status: 'up-to-date', version: build.version });
      } else {
        results.push({
          remote: remote.name,
          status: 'deployed',
          outcome: await deployBuild(delivery, remote),
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
  /** Every stored version, newest first. */
  versions: ArtifactMetadata[];
}

export interface DeliveryStatus {
  environment: string;
  registryPath: string;
  storeLocation: string;
  remotes: RemoteStatus[];
  history: RegistryHistoryEntry[];
}

export async function deliveryStatus(delivery: Delivery): Promise<DeliveryStatus> {
  const doc = await delivery.registry.read();
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
        versions: await delivery.store.listVersions(remote.name),
      };
    }),
  );
  return {
    environment: delivery.config.environment,
    registryPath: delivery.registry.documentPath,
    storeLocation: delivery.store.location,
    remotes,
    history: doc.history,
  };
}

function entryFor(delivery: Delivery, metadata: ArtifactMetadata): RegistryEntry {
  return {
    name: metadata.remote,
    version: metadata.version,
    manifestUrl: manifestUrl(delivery.config.publicBaseUrl, metadata.remote, metadata.version),
    contractVersion: metadata.contractVersion,
  };
}

function contractWarning(build: BuiltRemote): string | undefined {
  return build.contractVersionSource === 'fallback'
    ? `mf-manifest.json of ${build.remote.name} declares no shellContractVersion; assumed the shell's current ${build.contractVersion}.`
    : undefined;
}
