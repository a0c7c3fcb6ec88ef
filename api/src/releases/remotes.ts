// The five remotes the shop releases, and the spellings an operator may use for them.
import path from 'node:path';
import { REMOTE_NAMES, type AreaName } from '@shop/shared/shell-contract/shell-props';

export interface RemoteDefinition {
  /** Federation name, also the key in the registry and the store: 'mf_catalog'. */
  name: string;
  /** Workspace package and folder: 'mf-catalog'. */
  packageName: string;
  area: AreaName;
}

export const REMOTES: readonly RemoteDefinition[] = (
  Object.entries(REMOTE_NAMES) as [AreaName, string][]
).map(([area, name]) => ({ name, packageName: name.replace(/_/g, '-'), area }));

/** Accepts 'mf_catalog', 'mf-catalog' or the area name 'catalog'. */
export function findRemote(spelling: string): RemoteDefinition | null {
  const wanted = spelling.trim().toLowerCase();
  return (
    REMOTES.find(
      (remote) => remote.name === wanted || remote.packageName === wanted || remote.area === wanted,
    ) ?? null
  );
}

export function remotePackageDir(repoRoot: string, remote: RemoteDefinition): string {
  return path.join(repoRoot, remote.packageName);
}

export function remoteDistDir(repoRoot: string, remote: RemoteDefinition): string {
  return path.join(remotePackageDir(repoRoot, remote), 'dist');
}
