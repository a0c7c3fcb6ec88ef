import type { RegistryEntry } from '@shop/shared/releases/registry-document';

/** A registry entry for `version` of a remote, as a deploy writes it. */
export function registryEntry(version: string, name = 'mf_catalog'): RegistryEntry {
  return {
    name,
    version,
    manifestUrl: `/remotes/${name}/${encodeURIComponent(version)}/mf-manifest.json`,
    contractVersion: '1.0.0',
    areaRoutes: ['/pricing'],
  };
}
