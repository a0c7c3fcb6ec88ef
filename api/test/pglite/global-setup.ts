// Builds the migrated, seeded PGlite template once before any test file runs, so no file's
// beforeAll pays for initdb + migrations + seed under its hook timeout on a busy machine.
import { pgliteTemplateDump } from '../helpers/template-database';

export default async function globalSetup(): Promise<void> {
  await pgliteTemplateDump();
}
