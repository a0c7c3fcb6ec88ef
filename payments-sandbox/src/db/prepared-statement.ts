// Statements on the sandbox's hot paths whose text never changes: written once, only the
// parameters bound per call, so Kysely builds and compiles nothing for them. (The shop's own
// registry of named prepared statements is the shop's; the sandbox does not reach into it.)
import { CompiledQuery } from 'kysely';

const textsByName = new Map<string, string>();

export type PreparedStatement = (parameters: readonly unknown[]) => CompiledQuery;

/** Declares a statement under a unique name; call at module load. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = textsByName.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`Two prepared statements are named ${name}`);
  textsByName.set(name, text);
  return (parameters) => CompiledQuery.raw(text, [...parameters]);
}
