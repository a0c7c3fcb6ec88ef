// Rewrites api/test/plugins/openapi-surface.json from the document the API serves: run it when a
// change to the API's paths, methods or operationIds is deliberate, and commit the file with it.
// It runs the same jest test that compares them, in its writing mode, so the app is built once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const result = spawnSync(
  'npx',
  ['jest', 'api/test/plugins/openapi-document.test.ts', '-t', 'the committed surface'],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, UPDATE_OPENAPI_SURFACE: '1' },
  },
);
process.exit(result.status ?? 1);
