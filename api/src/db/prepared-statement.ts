// Statements on the hot paths whose text never changes: the SQL is written once and only the
// parameters are bound per call, so Kysely builds and compiles nothing for them. They run as
// named prepared statements, parsed and planned once per connection: on PostgreSQL through the
// pool's clients (open-database.ts), on PGlite through the client Kysely's PGliteDialect is given
// (pglite-prepared.ts).
import { CompiledQuery } from 'kysely';

const namesByText = new Map<string, string>();
const textsByName = new Map<string, string>();

export type PreparedStatement = (parameters: readonly unknown[]) => CompiledQuery;

/** Declares a statement under a unique name; call at module load. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = textsByName.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`Two prepared statements are named ${name}`);
  textsByName.set(name, text);
  namesByText.set(text, name);
  return (parameters) => CompiledQuery.raw(text, [...parameters]);
}

/** The name a statement's text was declared under, if it was. */
export function preparedStatementName(text: string): string | undefined {
  return namesByText.get(text);
}
