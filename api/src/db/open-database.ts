import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { preparingPGlite } from './pglite-prepared';
import { preparedStatementName } from './prepared-statement';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** The PostgreSQL pool's connections now; absent on PGlite (one connection, no pool). */
  poolUsage?: () => DatabasePoolUsage;
  close(): Promise<void>;
}

export interface DatabasePoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

export type OpenDatabaseOptions =
  | { kind: 'postgres'; databaseUrl: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** An already open PGlite (tests clone a template); closed with the handle when `owned`. */
  | { kind: 'pglite-client'; client: PGlite; owned: boolean };

const INT8_OID = 20;

/** pg returns int8 (bigint, count(*)) as strings; PGlite returns numbers. Make both numbers. */
export function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed))
    throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return parsed;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * A pool client that runs the statements declared with preparedStatement as named prepared
 * statements: each connection parses and plans one once, then only binds and executes it.
 * Kysely calls query(text, values); everything else passes through unchanged.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = preparedStatementName(text);
      if (name) return super.query({ name, text, values }) as never;
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

/** Closing twice (app shutdown, then a test's cleanup) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      application_name: 'shop-api',
      Client: PreparingClient,
    });
    // An idle client dropping must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const poolUsage = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db, kind: 'postgres', poolUsage, close: once(() => db.destroy()) };
  }

  if (options.kind === 'pglite') {
    const release = acquireDataDirLock(options.dataDir);
    let client: PGlite;
    try {
      client = await PGlite.create({ dataDir: options.dataDir });
    } catch (error) {
      release();
      throw error;
    }
    const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: preparingPGlite(client) }) });
    return {
      db,
      kind: 'pglite',
      close: once(async () => {
        await db.destroy();
        await client.close();
        release();
      }),
    };
  }

  const { client, owned } = options;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: preparingPGlite(client) }) });
  return {
    db,
    kind: 'pglite',
    close: once(async () => {
      await db.destroy();
      if (owned) await client.close();
    }),
  };
}
