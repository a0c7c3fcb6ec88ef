import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withProviderTokens } from './fixture-tokens';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import type { DatabaseHandle } from '../../src/db/open-database';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://shop.test';
export const TEST_PAGE_VIEW_TOKEN = 'test-page-view-token-0123456789';
/** Cheap argon2id settings: the algorithm is the same, the tests are faster. */
export const TEST_ARGON2_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A config as the server would load it from this environment, plus test overrides. */
export function testConfig(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: TEST_ORIGIN,
      PAGE_VIEW_TOKEN: TEST_PAGE_VIEW_TOKEN,
      // The template database is seeded already.
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Test apps pay through the built-in provider, production-like ones included.
      ALLOW_TEST_PAYMENTS: 'true',
      ...env,
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  /** Sends a request; state-changing ones carry the shop's Origin unless told otherwise. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
  app?: Omit<BuildAppOptions, 'database'>;
  /** Share a database with another test app (a second instance); otherwise a fresh one is made. */
  database?: TestDatabase;
  handle?: DatabaseHandle;
  /** Adds routes or hooks before the app is readied (e.g. a route that fails, for error tests). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * The API against a fresh database (a PGlite copy of the migrated, seeded template, or a new
 * PostgreSQL database in the PostgreSQL suite). Call once per test file, in beforeAll.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Uploaded files go to a folder of this app's own, never the repository's .data.
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-uploads-'));
  const config = testConfig(options.env, {
    databaseUrl: database.databaseUrl,
    uploadsDir,
    ...options.config,
  });
  const app = await buildApp(config, {
    argon2Cost: TEST_ARGON2_COST,
    logger: false,
    ...options.app,
    database: options.handle ?? database.handle,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    inject: async (request) => {
      const method = (request.method ?? 'GET').toUpperCase();
      const headers = { ...(request.headers ?? {}) };
      if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers))
        headers.origin = TEST_ORIGIN;
      const payload = await withProviderTokens(app, request.payload);
      return app.inject({ ...request, headers, payload });
    },
    close: async () => {
      await app.close();
      await fs.rm(uploadsDir, { recursive: true, force: true });
      if (!options.database) await database.drop();
    },
  };
}

/** The session cookie value from a response's set-cookie, as a Cookie header. */
export function sessionCookieFrom(
  response: LightMyRequestResponse,
  cookieName = 'bw_session',
): string {
  const cookie = response.cookies.find((candidate) => candidate.name === cookieName);
  if (!cookie)
    throw new Error(`No ${cookieName} cookie in the response (status ${response.statusCode})`);
  return `${cookieName}=${cookie.value}`;
}

/**
 * The same app seen from one browser: every request carries this browser's buyer cookie, the
 * proof of owning the orders it places. Requests through the plain TestApp come from a stranger.
 */
export function asBrowser(
  t: TestApp,
  buyerToken: string = randomBytes(32).toString('base64url'),
): TestApp & { buyerToken: string } {
  return {
    ...t,
    buyerToken,
    inject: (request) =>
      t.inject({ ...request, cookies: { bw_buyer: buyerToken, ...(request.cookies ?? {}) } }),
  };
}
