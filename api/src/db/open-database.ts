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

/** What a held-back `begin` answers: Kysely reads nothing from it. */
const HELD_BEGIN = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

/** A transaction that ended before its first statement: nothing was sent, nothing to end. */
const EMPTY_TRANSACTION_END: Record<string, object> = {
  commit: { command: 'COMMIT', rowCount: null, rows: [], fields: [] },
  rollback: { command: 'ROLLBACK', rowCount: null, rows: [], fields: [] },
};

/**
 * A pool client that runs the statements declared with preparedStatement as named prepared
 * statements: each connection parses and plans one once, then only binds and executes it.
 * A transaction's `begin` is held back and written with its first statement, in one socket
 * write and one round trip (the client pipelines, see openDatabase). Kysely calls
 * query(text, values); everything else passes through unchanged.
 */
class PreparingClient extends pg.Client {
  #beginHeld = false;

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values))
      return (super.query as (...rest: unknown[]) => never)(...args);
    if (text === 'begin' && values.length === 0 && !this.#beginHeld) {
      this.#beginHeld = true;
      return Promise.resolve(HELD_BEGIN) as never;
    }
    if (!this.#beginHeld) return this.#run(text, values);
    this.#beginHeld = false;
    const ended = values.length === 0 ? EMPTY_TRANSACTION_END[text] : undefined;
    if (ended) return Promise.resolve(ended) as never;
    // Corked, both go out in one write; pipelined, the statement does not wait for the begin's
    // answer. The statement's answer stands for both (a begin only fails with the connection).
    const { stream } = this.connection;
    stream.cork();
    try {
      const begun = super.query('begin');
      return Promise.all([begun, this.#run(text, values)]).then(([, result]) => result) as never;
    } finally {
      stream.uncork();
    }
  }

  #run(text: string, values: unknown[]): never {
    const name = preparedStatementName(text);
    return (name ? super.query({ name, text, values }) : super.query(text, values)) as never;
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
      // Queries are written without waiting for the answer to the one before: Kysely awaits each
      // statement of a connection in turn, so only a held-back begin and its statement overlap.
      pipeline: true,
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
