// `shop release deploy --canary | promote | abort`: a new version for a share of visitors, stepped
// up by hand (or by the console), promoted to everyone or aborted. The same store, registry, lock
// and shell rules as a plain deploy.
import type { RegistryDocument, RegistryEntry } from '@shop/shared/releases/registry-document';
import { manifestFacts } from './built-remote';
import { applyCanaryEnd, applyCanaryStart, canaryShareProblem, nextCanaryStep } from './canary';
import { applyLiveChange } from './registry';
import {
  checkForShell,
  entryFor,
  ReleaseError,
  storeBuild,
  storedManifest,
  type ChangeOptions,
  type Releases,
} from './releases';
import type { RemoteDefinition } from './remotes';

export type CanaryAction = 'start' | 'step' | 'promote' | 'abort';

export interface CanaryOutcome {
  remote: string;
  action: CanaryAction;
  /** The canary version. */
  version: string;
  /** The version everyone else gets (after a promote: the one it replaced). */
  stable: string;
  /** The share before and after; null when no canary ran (before a start, after a promote or abort). */
  fromShare: number | null;
  toShare: number | null;
  /** The version live for everyone after the change. */
  live: string;
  at: string;
  warnings: string[];
  elapsedMs: number;
}

export interface CanaryStart {
  /** A stored version; without it the remote's build (or `distDir`) is stored first. */
  version?: string;
  distDir?: string;
  share: number;
  options?: ChangeOptions;
  now?: () => Date;
}

function checkShare(share: number): void {
  const problem = canaryShareProblem(share);
  if (problem) throw new ReleaseError(`${share} is not a usable share: ${problem}.`);
}

/** A stored version checked against the shell's rules, as a registry entry. */
async function storedEntry(
  releases: Releases,
  remote: RemoteDefinition,
  version: string,
  options: ChangeOptions,
): Promise<{ entry: RegistryEntry; warnings: string[] }> {
  const metadata = await releases.store.metadata(remote.name, version);
  if (!metadata) throw new ReleaseError(`${remote.name} ${version} is not in the artifact store.`);
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
  return { entry: entryFor(releases, metadata, facts.areaRoutes), warnings };
}

/** Starts a canary at `share` per cent (100 deploys it to everyone at once). */
export async function deployCanary(
  releases: Releases,
  remote: RemoteDefinition,
  start: CanaryStart,
): Promise<CanaryOutcome> {
  const started = performance.now();
  const now = start.now ?? (() => new Date());
  const options = start.options ?? {};
  checkShare(start.share);
  let version = start.version;
  const warnings: string[] = [];
  if (!version) {
    const stored = await storeBuild(releases, remote, start.distDir, options);
    version = stored.build.version;
    warnings.push(...stored.warnings);
  }
  const { entry, warnings: shellWarnings } = await storedEntry(releases, remote, version, options);
  const outcome = await releases.registry.update((doc) => {
    const live = doc.remotes[remote.name];
    if (!live)
      throw new ReleaseError(
        `${remote.name} is not live in ${releases.config.environment} yet: deploy it before a canary.`,
      );
    if (live.version === entry.version)
      throw new ReleaseError(`${remote.name} ${entry.version} is already live for everyone.`);
    const fromShare =
      doc.canaries?.[remote.name]?.entry.version === entry.version
        ? (doc.canaries[remote.name]?.share ?? null)
        : null;
    if (start.share >= 100) return promoteIn(doc, releases, remote, entry, live.version, now());
    const canary = applyCanaryStart(doc, entry, start.share, releases.config.operator, now());
    return {
      remote: remote.name,
      action: 'start' as const,
      version: entry.version,
      stable: canary.stable,
      fromShare,
      toShare: canary.share,
      live: live.version,
      at: canary.startedAt,
    };
  });
  return {
    ...outcome,
    warnings: [...new Set([...warnings, ...shellWarnings])],
    elapsedMs: performance.now() - started,
  };
}

/** The canary becomes the live version for everyone (a deploy in the history, so rollback returns). */
function promoteIn(
  doc: RegistryDocument,
  releases: Releases,
  remote: RemoteDefinition,
  entry: RegistryEntry,
  stable: string,
  at: Date,
): Omit<CanaryOutcome, 'warnings' | 'elapsedMs'> {
  const fromShare = doc.canaries?.[remote.name]?.share ?? null;
  applyCanaryEnd(doc, remote.name, at);
  applyLiveChange(doc, entry, releases.config.operator, 'deploy', at);
  return {
    remote: remote.name,
    action: 'promote',
    version: entry.version,
    stable,
    fromShare,
    toShare: null,
    live: entry.version,
    at: at.toISOString(),
  };
}

/** Steps the canary to `to` per cent, or to the next step (5 → 25 → 50 → 100); 100 promotes it. */
export async function promoteCanary(
  releases: Releases,
  remote: RemoteDefinition,
  to?: number,
  now: () => Date = () => new Date(),
): Promise<CanaryOutcome> {
  const started = performance.now();
  if (to !== undefined) checkShare(to);
  const outcome = await releases.registry.update((doc) => {
    const canary = doc.canaries?.[remote.name];
    if (!canary)
      throw new ReleaseError(
        `${remote.name} has no canary in ${releases.config.environment}; nothing to promote.`,
      );
    const share = to ?? nextCanaryStep(canary.share);
    if (share <= canary.share)
      throw new ReleaseError(
        `${remote.name}'s canary is at ${canary.share} %; a promote only raises the share (abort to stop it).`,
      );
    if (share >= 100) return promoteIn(doc, releases, remote, canary.entry, canary.stable, now());
    const at = now();
    doc.canaries = { ...doc.canaries, [remote.name]: { ...canary, share } };
    doc.updatedAt = at.toISOString();
    return {
      remote: remote.name,
      action: 'step' as const,
      version: canary.entry.version,
      stable: canary.stable,
      fromShare: canary.share,
      toShare: share,
      live: canary.stable,
      at: at.toISOString(),
    };
  });
  return { ...outcome, warnings: [], elapsedMs: performance.now() - started };
}

/**
 * Ends the canary: everyone gets the live version again on their next page load. `expected`: abort
 * only if the canary is still that version (an automatic abort must not end a newer canary).
 */
export async function abortCanary(
  releases: Releases,
  remote: RemoteDefinition,
  now: () => Date = () => new Date(),
  expected?: string,
): Promise<CanaryOutcome | null> {
  const started = performance.now();
  const outcome = await releases.registry.update((doc) => {
    const canary = doc.canaries?.[remote.name];
    if (!canary) {
      if (expected) return null;
      throw new ReleaseError(
        `${remote.name} has no canary in ${releases.config.environment}; nothing to abort.`,
      );
    }
    if (expected && canary.entry.version !== expected) return null;
    const at = now();
    applyCanaryEnd(doc, remote.name, at);
    return {
      remote: remote.name,
      action: 'abort' as const,
      version: canary.entry.version,
      stable: canary.stable,
      fromShare: canary.share,
      toShare: null,
      live: canary.stable,
      at: at.toISOString(),
    };
  });
  return outcome && { ...outcome, warnings: [], elapsedMs: performance.now() - started };
}
