import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS } from '@shop/shared/contract/paths';
import { sitePlugin } from '../../src/site/site-plugin';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../helpers/build-test-app';

const REDOCLY_CLI = require.resolve('@redocly/cli/bin/cli.js');
const REDOCLY_CONFIG = path.join(__dirname, '../../redocly.yaml');
/** The published operations, checked in: a change to it is a change to the API's contract. */
const SURFACE_FILE = path.join(__dirname, 'openapi-surface.json');
const UPDATE_SURFACE = 'node api/scripts/update-openapi-surface.mjs';

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

/** Runs `redocly lint` on a document; one line per problem, warnings included. */
async function redoclyLint(file: string): Promise<string[]> {
  const run = promisify(execFile)(
    process.execPath,
    [REDOCLY_CLI, 'lint', file, '--config', REDOCLY_CONFIG, '--lint-config', 'error'].concat([
      '--format',
      'json',
      '--max-problems',
      '10000',
    ]),
    {
      // No telemetry or update check from a test run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // The CLI exits non-zero when it finds errors; its report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint did not report: ${error.stderr}`);
    return { stdout: error.stdout };
  });
  const report = JSON.parse(stdout) as { problems: LintProblem[] };
  return report.problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
  );
}

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { in?: string; name?: string }> };
}

/** One line per operation, "METHOD /path operationId", sorted so a diff shows what moved. */
function surfaceOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([url, operations]) =>
      Object.entries(operations).map(
        ([method, operation]) =>
          `${method.toUpperCase()} ${url} ${operation.operationId ?? '(no operationId)'}`,
      ),
    )
    .sort();
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let body: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-openapi-'));
    t = await buildTestApp({
      // With the operator token set, so the operator writes it enables are published too.
      env: { ADMIN_TOKEN: 'operator-token-0123456789abcdef' },
      // The site's routes as the server adds them: its catch-alls must stay out of the document.
      beforeReady: async (app) => {
        await app.register(sitePlugin, {
          siteRoot: dir,
          deployDir: dir,
          environment: 'test',
          devOverrideOrigins: [],
          firstView: false,
        });
      },
    });
    const response = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    body = response.body;
    document = response.json();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('names the server clients call: the public origin', () => {
    expect(document.servers).toEqual([{ url: TEST_ORIGIN, description: 'This shop' }]);
  });

  it("declares the session cookie and applies it as each route's auth asks", () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      in: 'cookie',
      name: 'bw_session',
    });
    const securityOf = (url: string, method: string) =>
      document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method]?.security;
    // auth 'required': only with a session.
    expect(securityOf(API_PATHS.cartMerge, 'post')).toEqual([{ sessionCookie: [] }]);
    // auth 'optional': with a session or without one.
    expect(securityOf(API_PATHS.cart, 'get')).toEqual([{ sessionCookie: [] }, {}]);
    // No auth: anyone, the session is never read.
    expect(securityOf(API_PATHS.login, 'post')).toEqual([]);
    // A route's own declaration wins: a bearer token, the page-view one or the operator's.
    expect(securityOf(API_PATHS.logPageView, 'post')).toEqual([{ pageViewToken: [] }]);
    expect(securityOf(API_PATHS.logWebVitals, 'post')).toEqual([{ pageViewToken: [] }]);
    expect(securityOf(API_PATHS.customization, 'put')).toEqual([{ operatorToken: [] }]);
  });

  it("leaves the site's files and catch-alls out", () => {
    expect(Object.keys(document.paths).filter((url) => url.includes('*'))).toEqual([]);
    expect(document.paths).not.toHaveProperty('/remotes.json');
    expect(document.paths).not.toHaveProperty('/config.js');
  });

  it('declares a 400 for every operation that takes input', () => {
    const missing = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.parameters?.length || operation.requestBody)
        .filter(([, operation]) => !('400' in operation.responses))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the committed surface: the same paths, methods and operationIds', async () => {
    const surface = surfaceOf(document);
    // Written only on purpose, by the script the failure names; never by a plain test run.
    if (process.env.UPDATE_OPENAPI_SURFACE === '1')
      await fs.writeFile(SURFACE_FILE, `${JSON.stringify(surface, null, 2)}\n`);
    const committed = JSON.parse(
      await fs.readFile(SURFACE_FILE, 'utf8').catch(() => '[]'),
    ) as string[];
    const added = surface.filter((line) => !committed.includes(line));
    const removed = committed.filter((line) => !surface.includes(line));
    if (added.length || removed.length)
      throw new Error(
        [
          'The OpenAPI operations differ from api/test/plugins/openapi-surface.json.',
          ...added.map((line) => `  added:   ${line}`),
          ...removed.map((line) => `  removed: ${line}`),
          `If the change is deliberate, run \`${UPDATE_SURFACE}\` and commit the file.`,
        ].join('\n'),
      );
    expect(surface).toEqual(committed);
  });

  it("passes Redocly's recommended lint without an error or a warning", async () => {
    const file = path.join(dir, 'openapi.json');
    await fs.writeFile(file, body);
    expect(await redoclyLint(file)).toEqual([]);
  });
});
