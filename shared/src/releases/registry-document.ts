// Shape of /remotes.json: which version of each remote is live in one environment.
export interface RegistryEntry {
  /** Federation name, e.g. 'mf_catalog'. */
  name: string;
  /** '<package version>+<build id>', e.g. '1.0.0+20261122T010203-ab12cd'. */
  version: string;
  /** URL of the version's mf-manifest.json, served from the artifact store. */
  manifestUrl: string;
  /** Shell-contract version the remote was built against. */
  contractVersion: string;
  /**
   * The path prefixes this version serves (its manifest's metaData.areaRoutes, read at deploy and
   * rollback), e.g. ['/checkout', '/shopping-cart']; the shell routes by them
   * (shell-contract/area-routes.ts). Empty for an area that only mounts inside another.
   */
  areaRoutes: string[];
}

export interface RegistryHistoryEntry {
  remote: string;
  from: string | null;
  to: string;
  at: string;
  by: string;
  /** How the change came about; rollbacks matter when working out the "previous" version. */
  action?: 'deploy' | 'rollback';
}

export interface RegistryDocument {
  environment: string;
  updatedAt: string;
  remotes: Record<string, RegistryEntry>;
  history: RegistryHistoryEntry[];
}
