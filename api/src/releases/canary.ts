// Which side of a canary a visitor is on, and the registry each visitor sees. Pure functions: the
// site serves them per request and the release commands change the canary entries under the lock.
import { createHash } from 'node:crypto';
import type {
  CanaryEntry,
  RegistryDocument,
  RegistryEntry,
} from '@shop/shared/releases/registry-document';

export type CanarySide = 'canary' | 'stable';

/** The shares a canary steps through; 100 makes the canary the live version. */
export const CANARY_STEPS: readonly number[] = [5, 25, 50, 100];

/**
 * The visitor's place in [0, 100) for one release: the first 32 bits of a SHA-256 of the release
 * key and the visitor id. SHA-256 spreads even sequential ids evenly, and a new release key
 * reshuffles who goes first, so the same visitors are not every canary's guinea pigs.
 */
function canaryBucket(visitorId: string, releaseKey: string): number {
  const digest = createHash('sha256').update(`${releaseKey}\n${visitorId}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/**
 * A visitor is on the canary while their bucket is below the share: raising the share only moves
 * visitors from stable to canary, never back.
 */
export function canarySide(visitorId: string, releaseKey: string, share: number): CanarySide {
  return canaryBucket(visitorId, releaseKey) < share ? 'canary' : 'stable';
}

function canaryReleaseKey(remote: string, version: string): string {
  return `${remote}@${version}`;
}

/** The step after `share` (5 → 25 → 50 → 100). */
export function nextCanaryStep(share: number): number {
  return CANARY_STEPS.find((step) => step > share) ?? 100;
}

/** Why `share` is not a canary share (a per cent above 0 and at most 100), or null. */
export function canaryShareProblem(share: number): string | null {
  return Number.isFinite(share) && share > 0 && share <= 100
    ? null
    : 'a canary share is a per cent above 0 and at most 100';
}

/** The visitor's side of every canary under way, by remote. */
export function visitorSides(
  doc: RegistryDocument,
  visitorId: string | null,
): Record<string, CanarySide> {
  const sides: Record<string, CanarySide> = {};
  for (const [remote, canary] of Object.entries(doc.canaries ?? {}))
    sides[remote] = visitorId ? canarySide(visitorId, canary.releaseKey, canary.share) : 'stable';
  return sides;
}

/**
 * The registry as one visitor sees it: each remote with a canary on their side gets the canary's
 * entry. No canary entries leave the server (they name versions others do not get).
 */
export function registryForSides(
  doc: RegistryDocument,
  sides: Record<string, CanarySide>,
): RegistryDocument {
  const remotes: Record<string, RegistryEntry> = { ...doc.remotes };
  for (const [remote, canary] of Object.entries(doc.canaries ?? {}))
    if (sides[remote] === 'canary') remotes[remote] = canary.entry;
  const { canaries: _canaries, ...rest } = doc;
  return { ...rest, remotes };
}

/** Starts (or restarts at a new share) the canary of `entry` against the live version. */
export function applyCanaryStart(
  doc: RegistryDocument,
  entry: RegistryEntry,
  share: number,
  by: string,
  now: Date,
): CanaryEntry {
  const stable = doc.remotes[entry.name];
  if (!stable) throw new Error(`${entry.name} is not live yet: deploy it before a canary.`);
  const canary: CanaryEntry = {
    entry,
    share,
    releaseKey: canaryReleaseKey(entry.name, entry.version),
    stable: stable.version,
    startedAt: now.toISOString(),
    by,
  };
  doc.canaries = { ...(doc.canaries ?? {}), [entry.name]: canary };
  doc.updatedAt = canary.startedAt;
  return canary;
}

/** Takes the canary of `remote` off the document (an abort, or a promote to 100). */
export function applyCanaryEnd(doc: RegistryDocument, remote: string, now: Date): void {
  if (!doc.canaries?.[remote]) return;
  const { [remote]: _ended, ...rest } = doc.canaries;
  doc.canaries = rest;
  doc.updatedAt = now.toISOString();
}
