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

/**
 * A version that a share of visitors gets instead of the live one, while it proves itself. The
 * visitors on its side are picked by a hash of their visitor id and `releaseKey`, so raising the
 * share only adds visitors and nobody switches back and forth.
 */
export interface CanaryEntry {
  /** The canary version, in the same shape as a live entry. */
  entry: RegistryEntry;
  /** Per cent of visitors (0 < share < 100) on the canary side. */
  share: number;
  /** Fixed for the canary's life: the remote and the version. */
  releaseKey: string;
  /** The live version the canary is compared with. */
  stable: string;
  startedAt: string;
  by: string;
}

export interface RegistryDocument {
  environment: string;
  updatedAt: string;
  remotes: Record<string, RegistryEntry>;
  history: RegistryHistoryEntry[];
  /**
   * Canaries under way, by remote. Server-side only: /remotes.json gives each visitor the version
   * of their side in `remotes` and never lists this.
   */
  canaries?: Record<string, CanaryEntry>;
}
