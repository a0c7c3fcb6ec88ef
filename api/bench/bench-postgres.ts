import pg from 'pg';
import { findPostgresBinDir, startCluster, type Cluster } from '../test/postgres/cluster';

/** A throwaway cluster with an empty database for the API to migrate and seed. */
export async function startPostgres(
  database = 'shop_bench',
): Promise<{ cluster: Cluster; databaseUrl: string }> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('--postgres needs PostgreSQL installed (initdb was not found)');
  const cluster = await startCluster(binDir);
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${database}`;
  return { cluster, databaseUrl: url.toString() };
}
