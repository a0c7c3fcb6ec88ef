// What a remote's build folder holds: its version (package version + build id) and the shell
// contract it was built against, read from the build itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AREA_ROUTES_METADATA_KEY,
  areaRoutesProblem,
} from '@shop/shared/shell-contract/area-routes';
import { SHELL_CONTRACT_VERSION } from '@shop/shared/shell-contract/shell-props';
import { isSafeSegment } from './artifact-store';
import { hashFolder } from './content-hash';
import { isMissing } from './stored-file';
import { remoteDistDir, remotePackageDir, type RemoteDefinition } from './remotes';

/** Written next to the build by `shop build`; never part of the stored artifact. */
export const BUILD_INFO_FILE = 'build-info.json';
export const MANIFEST_FILE = 'mf-manifest.json';
export const REQUIRED_FILES = ['remoteEntry.js', MANIFEST_FILE] as const;
const BUILD_ID_LENGTH = 12;

export interface BuildInfo {
  buildId: string;
  /** Hash of the build folder when the id was given, so a later rebuild cannot reuse the id. */
  contentHash: string;
  builtAt: string;
}

export interface BuiltRemote {
  remote: RemoteDefinition;
  distDir: string;
  packageVersion: string;
  buildId: string;
  version: string;
  contentHash: string;
  contractVersion: string;
  /** 'fallback' when the manifest did not declare it and the shell's current version was assumed. */
  contractVersionSource: 'manifest' | 'fallback';
  /** The path prefixes the manifest declares ([] when it declares none usable: see areaRoutesProblem). */
  areaRoutes: string[];
  areaRoutesProblem: string | null;
}

/** What the shell reads from a remote's mf-manifest.json, from a build folder or from the store. */
export interface ManifestFacts {
  /** The declared shell-contract version; null when the manifest declares none. */
  contractVersion: string | null;
  areaRoutes: string[];
  /** Why the manifest's area routes are unusable; null when they are fine. */
  areaRoutesProblem: string | null;
}

export function manifestFacts(manifest: Record<string, unknown>): ManifestFacts {
  const metaData = (manifest.metaData ?? {}) as Record<string, unknown>;
  const declaredRoutes = metaData[AREA_ROUTES_METADATA_KEY];
  const problem =
    declaredRoutes === undefined
      ? `it declares no metaData.${AREA_ROUTES_METADATA_KEY}`
      : areaRoutesProblem(declaredRoutes);
  return {
    contractVersion:
      stringField(metaData.shellContractVersion) ?? stringField(manifest.shellContractVersion),
    areaRoutes: problem === null ? [...(declaredRoutes as string[])] : [],
    areaRoutesProblem: problem,
  };
}

export class MissingBuildError extends Error {}

export async function inspectBuild(
  repoRoot: string,
  remote: RemoteDefinition,
  distDir = remoteDistDir(repoRoot, remote),
): Promise<BuiltRemote> {
  for (const file of REQUIRED_FILES) {
    const exists = await fs.stat(path.join(distDir, file)).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!exists) {
      throw new MissingBuildError(
        `${remote.packageName} has no build at ${distDir} (missing ${file}). Run \`pnpm shop build ${remote.packageName}\` first.`,
      );
    }
  }
  const manifest = await readJson(path.join(distDir, MANIFEST_FILE));
  const facts = manifestFacts(manifest);
  const metaData = (manifest.metaData ?? {}) as Record<string, unknown>;
  const builtName = typeof manifest.name === 'string' ? manifest.name : null;
  if (builtName && builtName !== remote.name) {
    throw new MissingBuildError(`${distDir} is a build of ${builtName}, not ${remote.name}.`);
  }

  const contentHash = await hashFolder(distDir, new Set([BUILD_INFO_FILE]));
  const buildInfo = await readBuildInfo(distDir);
  const buildId =
    buildInfo && buildInfo.contentHash === contentHash
      ? buildInfo.buildId
      : contentHash.slice(0, BUILD_ID_LENGTH);
  const packageVersion =
    stringField(metaData.packageVersion) ?? (await readPackageVersion(repoRoot, remote));
  const declared = facts.contractVersion;
  const version = `${packageVersion}+${buildId}`;
  if (!isSafeSegment(version))
    throw new Error(
      `"${version}" is not a usable version; check the package version and BUILD_ID.`,
    );

  return {
    remote,
    distDir,
    packageVersion,
    buildId,
    version,
    contentHash,
    contractVersion: declared ?? SHELL_CONTRACT_VERSION,
    contractVersionSource: declared ? 'manifest' : 'fallback',
    areaRoutes: facts.areaRoutes,
    areaRoutesProblem: facts.areaRoutesProblem,
  };
}

/** Records the build id for a fresh build: BUILD_ID when given (e.g. a CI run number), else the content hash. */
export async function writeBuildInfo(
  distDir: string,
  requestedBuildId: string | undefined,
  now = new Date(),
): Promise<BuildInfo> {
  const contentHash = await hashFolder(distDir, new Set([BUILD_INFO_FILE]));
  const buildId = requestedBuildId?.trim() || contentHash.slice(0, BUILD_ID_LENGTH);
  if (!/^[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/.test(buildId)) {
    throw new Error(`BUILD_ID "${buildId}" may only hold letters, digits, '.' and '-'.`);
  }
  const info: BuildInfo = { buildId, contentHash, builtAt: now.toISOString() };
  await fs.writeFile(path.join(distDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}

async function readBuildInfo(distDir: string): Promise<BuildInfo | null> {
  try {
    const info = await readJson(path.join(distDir, BUILD_INFO_FILE));
    return typeof info.buildId === 'string' && typeof info.contentHash === 'string'
      ? (info as unknown as BuildInfo)
      : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function readPackageVersion(repoRoot: string, remote: RemoteDefinition): Promise<string> {
  const pkg = await readJson(path.join(remotePackageDir(repoRoot, remote), 'package.json'));
  const version = stringField(pkg.version);
  if (!version) throw new Error(`${remote.packageName}/package.json has no version.`);
  return version;
}

export function parseJson(text: string, source: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return parseJson(await fs.readFile(file, 'utf8'), file);
}

function stringField(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
