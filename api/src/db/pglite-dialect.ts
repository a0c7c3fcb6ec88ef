import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { preparedStatementName } from './prepared-statement';

/**
 * A small Kysely dialect for PGlite. PGlite has one connection, so the driver hands it out
 * to one Kysely connection at a time: transactions are serialised, and a query sent through
 * `db` while a transaction holds the connection waits for it (always use `trx` inside one).
 * Unlike kysely-pglite-dialect it supports savepoints (nested transactions).
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** A FIFO mutex: the connection is lent to one holder at a time. */
class ConnectionMutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/** Per PGlite instance (its one session): the statements prepared in it, with their parameter types. */
const preparedIn = new WeakMap<PGlite, Map<string, number[]>>();

function concatMessages(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs a statement declared with preparedStatement as a named prepared statement: parsed and
 * planned once per PGlite instance, then bound and executed in one protocol exchange (PGlite's
 * query() parses, describes, binds, describes and executes in five). Parameters are serialised
 * and rows parsed with PGlite's own serialisers and parsers, as query() does.
 */
async function executePrepared<R>(
  client: PGlite,
  name: string,
  compiledQuery: CompiledQuery,
): Promise<QueryResult<R>> {
  return client.runExclusive(async () => {
    let prepared = preparedIn.get(client);
    if (!prepared) preparedIn.set(client, (prepared = new Map()));
    let paramTypes = prepared.get(name);
    if (!paramTypes) {
      const { messages } = await client.execProtocol(
        concatMessages([
          protocol.serialize.parse({ name, text: compiledQuery.sql }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
      );
      const description = messages.find((message) => message.name === 'parameterDescription') as
        InstanceType<typeof protocol.messages.ParameterDescriptionMessage> | undefined;
      paramTypes = description?.dataTypeIDs ?? [];
      prepared.set(name, paramTypes);
    }
    const types: readonly number[] = paramTypes;
    const values = compiledQuery.parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = client.serializers[types[index]!];
      return serialize ? (serialize(value) as string) : String(value);
    });
    const { messages } = await client.execProtocol(
      concatMessages([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, client.parsers);
    if (!result) throw new Error(`Prepared statement ${name} returned no result`);
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  });
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const name = preparedStatementName(compiledQuery.sql);
    if (name) return executePrepared<R>(this.client, name, compiledQuery);
    const result = await this.client.query<R>(
      compiledQuery.sql,
      compiledQuery.parameters as unknown[],
      {
        rowMode: 'object',
      },
    );
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The PGlite dialect does not stream query results');
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class PGliteDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: PGliteConnection;
  private releaseCurrent: (() => void) | null = null;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.releaseCurrent = await this.mutex.acquire();
    return this.connection;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(savepointName)}`),
    );
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`release savepoint ${quoteIdentifier(savepointName)}`),
    );
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = null;
    release?.();
  }

  async destroy(): Promise<void> {
    // The PGlite instance belongs to whoever created it; closing it is their job.
  }
}
