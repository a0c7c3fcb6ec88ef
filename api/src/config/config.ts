import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import type { S3Settings } from '../lib/s3-bucket';
import { findRepoRoot } from './repo-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const originSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === value.replace(/\/$/, '')
    );
  } catch {
    return false;
  }
}, 'must be an origin such as https://shop.example.com (scheme, host and optional port, no path)');

const DEV_PAGE_VIEW_TOKEN = 'local-page-view-token';

// eslint-disable-next-line max-lines-per-function -- one line per environment variable: a list, not logic
function envSchema(repoRoot: string) {
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    DATA_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, '.data', 'pglite')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(?:ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    PUBLIC_ORIGIN: originSchema.default('http://localhost:8080'),
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(originSchema)),
    PAGE_VIEW_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Bloodwise <no-reply@bloodwise.test>'),
    PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce
      .number({ message: 'must be a number' })
      .min(1)
      .max(24 * 60)
      .default(10),
    JOB_LEASE_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(30)
      .max(24 * 3600)
      .default(300),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .max(3600)
      .default(25),
    SHUTDOWN_DRAIN_DELAY_MS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(0)
      .max(60_000)
      .default(0),
    INSTANCE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or colons')
      .optional(),
    JOB_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .max(64)
      .default(4),
    JOB_POLL_MS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(50)
      .max(60_000)
      .default(2_000),
    SITE_ROOT: z
      .string()
      .min(1)
      .default(path.join(repoRoot, 'shell', 'dist')),
    DEPLOY_DIR: z.string().min(1).default(path.join(repoRoot, '.deploy')),
    UPLOADS_DIR: z.string().min(1).optional(),
    OBJECT_STORE: z.enum(['directory', 's3']).default('directory'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_ENDPOINT: z.string().url('must be a URL such as http://minio:9000').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    SHOP_ENV: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes')
      .default('local'),
    SEED_DEMO_DATA: booleanFromEnv.default(true),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 14),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    TRUST_PROXY: booleanFromEnv.default(false),
    ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    DEV_OUTBOX_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    // The messages never repeat the value: a key pasted into the wrong variable stays out of logs.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret key (sk_test_…, sk_live_…, rk_…)',
      )
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a webhook endpoint's signing secret (whsec_…)")
      .optional(),
    STRIPE_TEST_CLOCKS: booleanFromEnv.default(false),
    ALLOW_TEST_PAYMENTS: booleanFromEnv.default(false),
    EASYPOST_API_KEY: z.string().min(1).optional(),
    EASYPOST_WEBHOOK_SECRET: z.string().min(1).optional(),
    // Tests answer the SDK's HTTP on this machine; a real shop uses the SDK's own address.
    EASYPOST_BASE_URL: z.url().optional(),
  });
}

/** Rules across variables, checked on the raw values so they are reported with any other problem. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.PAGE_VIEW_TOKEN)
    problems.push('PAGE_VIEW_TOKEN: is required when NODE_ENV=production');
  // The built-in provider takes no real money: a production shop without Stripe would sell for nothing.
  if (
    env.NODE_ENV === 'production' &&
    !env.STRIPE_SECRET_KEY &&
    !['true', '1', 'yes'].includes(env.ALLOW_TEST_PAYMENTS ?? '')
  )
    problems.push(
      'STRIPE_SECRET_KEY: is required when NODE_ENV=production (set ALLOW_TEST_PAYMENTS=true for a staging shop that takes no real money)',
    );
  if (env.OBJECT_STORE === 's3' && !env.S3_BUCKET)
    problems.push('S3_BUCKET: is required when OBJECT_STORE=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the default credential chain',
    );
  const stripe = STRIPE_VARIABLES.filter((name) => env[name]);
  if (stripe.length > 0 && stripe.length < STRIPE_VARIABLES.length)
    problems.push(
      `${STRIPE_VARIABLES.filter((name) => !env[name]).join(', ')}: required with ${stripe.join(', ')} (Stripe needs all three, or none for the built-in test provider)`,
    );
  const secretMode = /^(?:sk|rk)_(test|live)_/.exec(env.STRIPE_SECRET_KEY ?? '')?.[1];
  const publishableMode = /^pk_(test|live)_/.exec(env.STRIPE_PUBLISHABLE_KEY ?? '')?.[1];
  if (secretMode && publishableMode && secretMode !== publishableMode)
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: is a ${publishableMode}-mode key but STRIPE_SECRET_KEY is a ${secretMode}-mode key`,
    );
  // Live card payments from a page served over plain HTTP: Stripe.js refuses them, and cookies travel in clear.
  if (secretMode === 'live' && !(env.PUBLIC_ORIGIN ?? '').startsWith('https://'))
    problems.push(
      'PUBLIC_ORIGIN: must be an https:// origin with a live-mode STRIPE_SECRET_KEY (live payments are taken only over HTTPS)',
    );
  // Test clocks move Stripe's time for the shop's customers: rehearsal only, never live money.
  if (['true', '1', 'yes'].includes(env.STRIPE_TEST_CLOCKS ?? '')) {
    if (secretMode !== 'test')
      problems.push(
        'STRIPE_TEST_CLOCKS: needs a test-mode STRIPE_SECRET_KEY (sk_test_… or rk_test_…)',
      );
    if (env.NODE_ENV === 'production')
      problems.push('STRIPE_TEST_CLOCKS: cannot be used when NODE_ENV=production');
  }
  if (Boolean(env.EASYPOST_API_KEY) !== Boolean(env.EASYPOST_WEBHOOK_SECRET))
    problems.push(
      'EASYPOST_API_KEY, EASYPOST_WEBHOOK_SECRET: set both for EasyPost labels and tracking, or neither for the manual carrier',
    );
  if (env.EASYPOST_BASE_URL && env.NODE_ENV === 'production')
    problems.push(
      'EASYPOST_BASE_URL: is for tests only and cannot be used when NODE_ENV=production',
    );
  return problems;
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/** The merchant's Stripe account; without it the built-in test provider takes payments. */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Live keys move real money; test keys see only test-mode objects. */
  livemode: boolean;
  /** STRIPE_TEST_CLOCKS: new customers on test clocks that follow the shop clock (test mode only). */
  testClocks: boolean;
}

const REDACTED = '[redacted]';

/** `secrets` print as [redacted] wherever `config` is logged, serialised or inspected. */
function redacting<T extends object>(config: T, secrets: readonly (keyof T)[]): T {
  const shown = () => ({
    ...config,
    ...Object.fromEntries(secrets.map((key) => [key, config[key] ? REDACTED : config[key]])),
  });
  Object.defineProperty(config, 'toJSON', { value: shown, enumerable: false });
  Object.defineProperty(config, inspect.custom, {
    value: (_depth: number, options: object) => inspect(shown(), options),
    enumerable: false,
  });
  return config;
}

/** Who carries kits: EasyPost (labels bought, tracking by webhook) or the manual carrier (the default). */
export type CarrierConfig =
  | { kind: 'manual' }
  | { kind: 'easypost'; apiKey: string; webhookSecret: string; baseUrl: string | null };

/** Where uploads and stored remotes live: a directory on this machine, or a bucket all share. */
export type ObjectStoreConfig = { kind: 'directory' } | ({ kind: 's3' } & S3Settings);

function stripeConfig(
  secretKey: string,
  publishableKey: string,
  webhookSecret: string,
  testClocks: boolean,
) {
  const livemode = /^(?:sk|rk)_live_/.test(secretKey);
  const config: StripeConfig = {
    secretKey,
    publishableKey,
    webhookSecret,
    livemode,
    testClocks: testClocks && !livemode,
  };
  return redacting(config, ['secretKey', 'webhookSecret']);
}

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  /** Where to listen: loopback by default outside production, all interfaces in production. */
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** PGlite data directory, used when databaseUrl is not set. */
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  publicOrigin: string;
  /** PUBLIC_ORIGIN plus ALLOWED_ORIGINS: the origins whose state-changing requests are accepted. */
  allowedOrigins: string[];
  pageViewToken: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Payments still unsettled this long after their intent was created are asked about again. */
  paymentReconcileAfterMinutes: number;
  /** The job queue: how long a claimed job is leased (longer than a payment call), how often runners look. */
  jobs: { leaseMs: number; pollMs: number; concurrency: number };
  /** How long a stopping process may drain (requests, jobs, database) before it exits non-zero. */
  shutdownTimeoutMs: number;
  /** After a stop signal, how long /readyz fails while requests are still served, so a load balancer stops sending new ones. */
  shutdownDrainDelayMs: number;
  /** INSTANCE_ID: sent as x-shop-instance on every answer when set, to see which instance answered behind a load balancer. */
  instanceId: string | null;
  siteRoot: string;
  deployDir: string;
  /** Uploaded lab reports (the directory upload store); outside the web root. */
  uploadsDir: string;
  /** OBJECT_STORE: the directory stores (default), or one S3 bucket for uploads and artifacts. */
  objectStore: ObjectStoreConfig;
  /** Per-user limit on result uploads (counted in the database, across instances). */
  uploadRateLimit: { max: number; timeWindowMs: number };
  shopEnv: string;
  seedDemoData: boolean;
  sessionTtlHours: number;
  authRateLimit: { max: number; timeWindowMs: number };
  trustProxy: boolean;
  /** Bearer token for operator writes over HTTP (PUT customization); the route is absent without it. */
  adminToken: string | null;
  /** Opens GET /dev/outbox to requests carrying it (x-dev-outbox-token), wherever the server listens. */
  devOutboxToken: string | null;
  /** Bearer token for GET /metrics; without it the route does not exist. */
  metricsToken: string | null;
  /** Cookies get Secure when the public origin is https. */
  secureCookies: boolean;
  /** Set with STRIPE_SECRET_KEY (and its two companions): payments go to Stripe. */
  stripe: StripeConfig | null;
  /** EASYPOST_API_KEY and EASYPOST_WEBHOOK_SECRET choose EasyPost; without them the manual carrier. */
  carrier: CarrierConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; throws a ConfigError listing every problem at once. */
// eslint-disable-next-line max-lines-per-function -- maps every setting from the parsed environment in one place
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  repoRoot = findRepoRoot(),
): AppConfig {
  // Empty variables count as unset, as most shells and .env files intend.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema(repoRoot).safeParse(present);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`) ??
      []),
    ...crossChecks(present),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicOrigin = e.PUBLIC_ORIGIN.replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // A development server is not on the network unless asked (HOST=0.0.0.0).
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicOrigin,
    allowedOrigins: [
      ...new Set([publicOrigin, ...e.ALLOWED_ORIGINS.map((origin) => origin.replace(/\/$/, ''))]),
    ],
    pageViewToken: e.PAGE_VIEW_TOKEN ?? DEV_PAGE_VIEW_TOKEN,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    paymentReconcileAfterMinutes: e.PAYMENT_RECONCILE_AFTER_MINUTES,
    jobs: {
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      pollMs: e.JOB_POLL_MS,
      concurrency: e.JOB_CONCURRENCY,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    instanceId: e.INSTANCE_ID ?? null,
    siteRoot: path.resolve(e.SITE_ROOT),
    deployDir: path.resolve(e.DEPLOY_DIR),
    // Beside the PGlite folder by default (<repo>/.data/uploads), never inside it.
    uploadsDir: path.resolve(
      e.UPLOADS_DIR ?? path.join(path.dirname(path.resolve(e.DATA_DIR)), 'uploads'),
    ),
    objectStore:
      e.OBJECT_STORE === 's3' && e.S3_BUCKET
        ? redacting(
            {
              kind: 's3' as const,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT ?? null,
              accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
            ['secretAccessKey'],
          )
        : { kind: 'directory' },
    uploadRateLimit: {
      max: e.UPLOAD_RATE_LIMIT_MAX,
      timeWindowMs: e.UPLOAD_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    shopEnv: e.SHOP_ENV,
    seedDemoData: e.SEED_DEMO_DATA,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      timeWindowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    trustProxy: e.TRUST_PROXY,
    adminToken: e.ADMIN_TOKEN ?? null,
    devOutboxToken: e.DEV_OUTBOX_TOKEN ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    secureCookies: publicOrigin.startsWith('https:'),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? stripeConfig(
            e.STRIPE_SECRET_KEY,
            e.STRIPE_PUBLISHABLE_KEY,
            e.STRIPE_WEBHOOK_SECRET,
            e.STRIPE_TEST_CLOCKS,
          )
        : null,
    carrier:
      e.EASYPOST_API_KEY && e.EASYPOST_WEBHOOK_SECRET
        ? redacting(
            {
              kind: 'easypost' as const,
              apiKey: e.EASYPOST_API_KEY,
              webhookSecret: e.EASYPOST_WEBHOOK_SECRET,
              baseUrl: e.EASYPOST_BASE_URL ?? null,
            },
            ['apiKey', 'webhookSecret'],
          )
        : { kind: 'manual' },
  };
}
