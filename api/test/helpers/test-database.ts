import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/open-database';
import { freshPglite } from './template-database';

/** Set by the PostgreSQL jest setup: where the throwaway cluster is and its template database. */
export const POSTGRES_ADMIN_URL_ENV = 'TEST_POSTGRES_ADMIN_URL';
export const POSTGRES_TEMPLATE_DB = 'shop_test_template';

export function testBackend(): 'pglite' | 'postgres' {
  return process.env[POSTGRES_ADMIN_URL_ENV] ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this file's own database. */
  databaseUrl: string | null;
  /** Opens another pool on the same database (PostgreSQL only): a second API instance. */
  openAnother(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database holding the migrated, seeded template: a PGlite copy by default, or a
 * PostgreSQL database created from the template when the PostgreSQL suite runs.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env[POSTGRES_ADMIN_URL_ENV];
  if (!adminUrl) {
    const client = await freshPglite();
    const handle = await openDatabase({ kind: 'pglite-client', client, owned: true });
    return {
      handle,
      databaseUrl: null,
      openAnother: async () => {
        throw new Error(
          'PGlite has one connection in one process: a second instance needs PostgreSQL',
        );
      },
      drop: () => handle.close(),
    };
  }

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlFor(adminUrl, name);
  const handles: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ kind: 'postgres', databaseUrl, poolSize: 5 });
    handles.push(handle);
    return handle;
  };
  const handle = await open();
  return {
    handle,
    databaseUrl,
    openAnother: open,
    drop: async () => {
      for (const opened of handles) await opened.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
