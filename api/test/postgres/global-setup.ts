import pg from 'pg';
import { openDatabase } from '../../src/db/open-database';
import { prepareTemplate } from '../helpers/template-database';
import { POSTGRES_ADMIN_URL_ENV, POSTGRES_TEMPLATE_DB } from '../helpers/test-database';
import { findPostgresBinDir, startCluster, type Cluster } from './cluster';

declare global {
  var shopPostgresCluster: Cluster | undefined;
}

/** Starts the throwaway cluster and builds the migrated, seeded template every test file copies. */
export default async function globalSetup(): Promise<void> {
  const binDir = findPostgresBinDir();
  if (!binDir)
    throw new Error(
      'PostgreSQL is not installed (scripts/test-postgres.mjs installs it or skips this suite)',
    );
  const cluster = await startCluster(binDir);
  globalThis.shopPostgresCluster = cluster;
  process.env[POSTGRES_ADMIN_URL_ENV] = cluster.adminUrl;

  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  const version = await admin.query<{ server_version: string }>('show server_version');
  console.log(
    `\nPostgreSQL ${version.rows[0]?.server_version} test cluster on 127.0.0.1:${cluster.port}`,
  );
  await admin.query(`create database ${POSTGRES_TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = new URL(cluster.adminUrl);
  templateUrl.pathname = `/${POSTGRES_TEMPLATE_DB}`;
  const handle = await openDatabase({
    kind: 'postgres',
    databaseUrl: templateUrl.toString(),
    poolSize: 1,
  });
  try {
    await prepareTemplate(handle.db);
  } finally {
    await handle.close();
  }
}
