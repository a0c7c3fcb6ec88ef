// What the console's Releases screen shows: the same status `shop status` prints, plus a flag on
// every version the shell would refuse or that could not go live again.
import type { ReleaseOverview, VersionFlag } from '@shop/shared/contract/ops';
import { contractMajor, SHELL_CONTRACT_VERSION } from '@shop/shared/shell-contract/shell-props';
import type { AppConfig } from '../../config/config';
import type { ArtifactStore } from '../../releases/artifact-store';
import { MANIFEST_FILE } from '../../releases/built-remote';
import type { ReleaseRegistry } from '../../releases/registry';
import { releaseStatus, openReleases, type Releases } from '../../releases/releases';
import { findRemote } from '../../releases/remotes';

/** The releases this API serves (its store and SHOP_ENV's registry), acting in `operator`'s name. */
export function operatorReleases(
  app: {
    config: Pick<AppConfig, 'deployDir' | 'shopEnv'>;
    artifactStore: ArtifactStore;
    releaseRegistry: ReleaseRegistry;
  },
  operator: string,
): Releases {
  return openReleases(
    {
      // Only building reads the repository; the API makes stored versions live.
      repoRoot: process.cwd(),
      deployDir: app.config.deployDir,
      environment: app.config.shopEnv,
      operator,
      publicBaseUrl: (process.env.REMOTES_PUBLIC_URL?.trim() ?? '').replace(/\/+$/, ''),
    },
    { store: app.artifactStore, registry: app.releaseRegistry },
  );
}

async function flagsOf(
  releases: Releases,
  remote: string,
  version: string,
  contractVersion: string,
): Promise<VersionFlag[]> {
  const flags: VersionFlag[] = [];
  if (!(await releases.store.stat(remote, version, MANIFEST_FILE))) flags.push('manifest-missing');
  if (contractMajor(contractVersion) !== contractMajor(SHELL_CONTRACT_VERSION))
    flags.push('contract-mismatch');
  return flags;
}

export async function releasesView(releases: Releases): Promise<ReleaseOverview> {
  const status = await releaseStatus(releases);
  const remotes = await Promise.all(
    status.remotes.map(async (remote) => ({
      name: remote.name,
      packageName: remote.packageName,
      area: findRemote(remote.name)?.area ?? remote.name,
      live: remote.live
        ? {
            version: remote.live.version,
            contractVersion: remote.live.contractVersion,
            manifestUrl: remote.live.manifestUrl,
            areaRoutes: remote.live.areaRoutes ?? [],
            since: remote.liveChange?.at ?? null,
            by: remote.liveChange?.by ?? null,
            action: remote.liveChange ? (remote.liveChange.action ?? 'deploy') : null,
            flags: await flagsOf(
              releases,
              remote.name,
              remote.live.version,
              remote.live.contractVersion,
            ),
          }
        : null,
      rollbackTarget: remote.rollbackTarget,
      versions: await Promise.all(
        remote.versions.map(async (meta) => ({
          version: meta.version,
          contractVersion: meta.contractVersion,
          storedAt: meta.storedAt,
          storedBy: meta.storedBy,
          flags: await flagsOf(releases, remote.name, meta.version, meta.contractVersion),
        })),
      ),
    })),
  );
  return {
    environment: status.environment,
    shellContractVersion: SHELL_CONTRACT_VERSION,
    remotes,
    history: [...status.history]
      .reverse()
      .map((entry) => ({ ...entry, action: entry.action ?? 'deploy' })),
  };
}
