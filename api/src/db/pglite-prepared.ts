import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { PGlite as KyselyPGlite } from 'kysely';
import { preparedStatementName } from './prepared-statement';

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

/** Parses and describes a statement once per PGlite instance; returns its parameter types. */
async function prepareOnce(client: PGlite, name: string, text: string): Promise<number[]> {
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Map()));
  const known = prepared.get(name);
  if (known) return known;
  const { messages } = await client.execProtocol(
    concatMessages([
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]),
  );
  const description = messages.find((message) => message.name === 'parameterDescription') as
    InstanceType<typeof protocol.messages.ParameterDescriptionMessage> | undefined;
  const types = description?.dataTypeIDs ?? [];
  prepared.set(name, types);
  return types;
}

/**
 * Runs a declared statement as a named prepared statement: bound and executed in one protocol
 * exchange (PGlite's query() parses, describes, binds, describes and executes in five).
 * Parameters and rows go through PGlite's own serialisers and parsers, as in query().
 */
function executePrepared<R>(
  client: PGlite,
  name: string,
  text: string,
  parameters: readonly unknown[],
): Promise<Results<R>> {
  return client.runExclusive(async () => {
    const types = await prepareOnce(client, name, text);
    const values = parameters.map((value, index) => {
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
    return result as Results<R>;
  });
}

/**
 * The PGlite that Kysely's PGliteDialect talks to: the client itself, except that a statement
 * declared with preparedStatement runs prepared, in or out of a transaction. Closing is left to
 * whoever opened the client (Kysely's destroy() would close it, even one a test only borrows).
 */
export function preparingPGlite(client: PGlite): KyselyPGlite {
  const routed =
    (run: KyselyPGlite['query']): KyselyPGlite['query'] =>
    (text, parameters, options) => {
      const name = preparedStatementName(text);
      return name
        ? executePrepared(client, name, text, parameters ?? [])
        : run(text, parameters, options);
    };
  return {
    get closed() {
      return client.closed;
    },
    get ready() {
      return client.ready;
    },
    get waitReady() {
      return client.waitReady;
    },
    close: async () => undefined,
    query: routed((text, parameters, options) => client.query(text, parameters, options)),
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          query: routed((text, parameters, options) => tx.query(text, parameters, options)),
          rollback: () => tx.rollback(),
        }),
      ),
  };
}
