// Where releases live and who makes them, read from the environment in one place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ReleaseConfig {
  repoRoot: string;
  /** Root of the store and the registries; DEPLOY_DIR, default <repo>/.deploy. */
  deployDir: string;
  /** Registry environment; SHOP_ENV, default 'local'. */
  environment: string;
  /** Recorded as `by` in the history; SHOP_OPERATOR or the OS user. */
  operator: string;
  /** Prefix for manifest URLs written to the registry; REMOTES_PUBLIC_URL (a CDN), default same origin. */
  publicBaseUrl: string;
}

const ENVIRONMENT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export function assertEnvironmentName(environment: string): string {
  if (!ENVIRONMENT_NAME.test(environment)) {
    throw new Error(
      `Invalid environment name "${environment}": use lower-case letters, digits, '-' or '_'.`,
    );
  }
  return environment;
}

/** The workspace root is the nearest folder holding pnpm-workspace.yaml; works from src, dist or tests. */
export function findRepoRoot(start: string = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`No pnpm-workspace.yaml above ${start}; run from inside the repository.`);
    dir = parent;
  }
}

export function operatorName(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SHOP_OPERATOR?.trim();
  if (fromEnv) return fromEnv;
  try {
    return os.userInfo().username;
  } catch {
    return env.USER ?? 'unknown';
  }
}

export function releaseConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ReleaseConfig {
  const repoRoot = findRepoRoot(cwd);
  return {
    repoRoot,
    deployDir: path.resolve(repoRoot, env.DEPLOY_DIR?.trim() || '.deploy'),
    environment: assertEnvironmentName(env.SHOP_ENV?.trim() || 'local'),
    operator: operatorName(env),
    publicBaseUrl: (env.REMOTES_PUBLIC_URL?.trim() ?? '').replace(/\/+$/, ''),
  };
}

export function storeDirOf(deployDir: string): string {
  return path.join(deployDir, 'store');
}

export function registryDirOf(deployDir: string): string {
  return path.join(deployDir, 'registry');
}
