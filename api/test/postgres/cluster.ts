import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port';

export const POSTGRES_BIN_DIRS = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
];

/** The directory holding initdb, pg_ctl and postgres, or null when PostgreSQL is not installed. */
export function findPostgresBinDir(): string | null {
  for (const dir of POSTGRES_BIN_DIRS) if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? path.dirname(which.stdout.trim()) : null;
}

export interface Cluster {
  dir: string;
  port: number;
  adminUrl: string;
  stop(): void;
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, in a temp directory. initdb refuses
 * to run as root, so as root the cluster belongs to the `postgres` user and runs through runuser.
 */
export async function startCluster(binDir: string): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const dataDir = path.join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const file = path.join(binDir, command);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  // Durability is pointless for a test cluster; speed is not.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(dir, 'postgres.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  return {
    dir,
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
