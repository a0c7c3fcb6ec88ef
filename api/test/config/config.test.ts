import path from 'node:path';
import { inspect } from 'node:util';
import { ConfigError, loadConfig } from '../../src/config/config';

describe('configuration from the environment', () => {
  const root = '/repo';

  it('has working defaults for npm start', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 8080,
      // Loopback outside production: the dev shop (and its outbox) is not on the network.
      host: 'localhost',
      devOutboxToken: null,
      dataDir: path.join(root, '.data', 'pglite'),
      databaseUrl: null,
      publicOrigin: 'http://localhost:8080',
      allowedOrigins: ['http://localhost:8080'],
      smtpUrl: null,
      siteRoot: path.join(root, 'shell', 'dist'),
      deployDir: path.join(root, '.deploy'),
      uploadsDir: path.join(root, '.data', 'uploads'),
      uploadRateLimit: { max: 20, timeWindowMs: 3_600_000 },
      shopEnv: 'local',
      seedDemoData: true,
      secureCookies: false,
    });
  });

  it('listens on every interface by default in production, and where HOST says otherwise', () => {
    expect(
      loadConfig(
        {
          NODE_ENV: 'production',
          PAGE_VIEW_TOKEN: 'a-long-enough-token',
          ALLOW_TEST_PAYMENTS: 'true',
        },
        root,
      ).host,
    ).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }, root).host).toBe('0.0.0.0');
    expect(loadConfig({ DEV_OUTBOX_TOKEN: 'x'.repeat(24) }, root).devOutboxToken).toBe(
      'x'.repeat(24),
    );
    expect(() => loadConfig({ DEV_OUTBOX_TOKEN: 'short' }, root)).toThrow(/DEV_OUTBOX_TOKEN/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop',
        PUBLIC_ORIGIN: 'https://shop.example/',
        ALLOWED_ORIGINS: 'https://a.example, http://localhost:3001',
        PAGE_VIEW_TOKEN: 'a-long-enough-token',
        SMTP_URL: 'smtp://mail:25',
        SEED_DEMO_DATA: 'false',
        SHOP_ENV: 'staging',
        JOB_LEASE_SECONDS: '120',
        JOB_POLL_MS: '500',
        JOB_CONCURRENCY: '8',
        SHUTDOWN_TIMEOUT_SECONDS: '40',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://shop@127.0.0.1:5432/shop',
      publicOrigin: 'https://shop.example',
      allowedOrigins: ['https://shop.example', 'https://a.example', 'http://localhost:3001'],
      pageViewToken: 'a-long-enough-token',
      smtpUrl: 'smtp://mail:25',
      seedDemoData: false,
      shopEnv: 'staging',
      secureCookies: true,
      jobs: { leaseMs: 120_000, pollMs: 500, concurrency: 8 },
      shutdownTimeoutMs: 40_000,
    });
    expect(loadConfig({}, root).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({}, root)).toMatchObject({ shutdownDrainDelayMs: 0, instanceId: null });
    expect(
      loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '3000', INSTANCE_ID: 'api-2' }, root),
    ).toMatchObject({ shutdownDrainDelayMs: 3000, instanceId: 'api-2' });
    expect(() => loadConfig({ INSTANCE_ID: 'api 2' }, root)).toThrow(/INSTANCE_ID/);
    expect(loadConfig({}, root).jobs.concurrency).toBe(4);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' }, root)).toThrow(/JOB_CONCURRENCY/);
  });

  it('refuses a production shop on the built-in provider unless told it takes no real money', () => {
    const production = { NODE_ENV: 'production', PAGE_VIEW_TOKEN: 'a-long-enough-token' };
    expect(() => loadConfig(production, root)).toThrow(
      /STRIPE_SECRET_KEY: is required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }, root).stripe).toBeNull();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig({ ...production, ...stripe }, root).stripe).not.toBeNull();
    // Development and tests keep the built-in provider with no setting.
    expect(() => loadConfig({}, root)).not.toThrow();
  });

  it('fails with the full list of problems', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          NODE_ENV: 'production',
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          PUBLIC_ORIGIN: 'https://shop.example/path',
          SEED_DEMO_DATA: 'sometimes',
        },
        root,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'PUBLIC_ORIGIN',
      'SEED_DEMO_DATA',
      'PAGE_VIEW_TOKEN',
    ])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, root)).toMatchObject({
      port: 8080,
      databaseUrl: null,
    });
  });

  describe('Stripe keys', () => {
    const STRIPE = {
      STRIPE_SECRET_KEY: 'sk_test_51SecretPart',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51PublicPart',
      STRIPE_WEBHOOK_SECRET: 'whsec_SigningPart',
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env, root);
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      throw new Error('no ConfigError');
    };

    it('are optional: without them the built-in provider takes payments', () => {
      expect(loadConfig({}, root).stripe).toBeNull();
    });

    it('are read together, live mode from the secret key', () => {
      expect(loadConfig(STRIPE, root).stripe).toEqual({
        secretKey: 'sk_test_51SecretPart',
        publishableKey: 'pk_test_51PublicPart',
        webhookSecret: 'whsec_SigningPart',
        livemode: false,
        testClocks: false,
      });
      expect(
        loadConfig(
          {
            ...STRIPE,
            STRIPE_SECRET_KEY: 'rk_live_1',
            STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
            PUBLIC_ORIGIN: 'https://shop.example',
          },
          root,
        ).stripe?.livemode,
      ).toBe(true);
    });

    it('are all three or none: the error names the missing ones', () => {
      const problems = problemsOf({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY });
      expect(problems).toEqual([
        expect.stringMatching(
          /^STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
        ),
      ]);
      expect(problemsOf({ STRIPE_WEBHOOK_SECRET: STRIPE.STRIPE_WEBHOOK_SECRET })[0]).toMatch(
        /^STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: required/,
      );
    });

    it('refuses a key in the wrong variable or of the other mode, without repeating it', () => {
      const swapped = problemsOf({
        ...STRIPE,
        STRIPE_SECRET_KEY: 'pk_test_51PublicPart',
        STRIPE_PUBLISHABLE_KEY: 'sk_live_51SecretPart',
      });
      expect(swapped.join('\n')).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
      expect(swapped.join('\n')).toMatch(
        /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
      );
      expect(swapped.join('\n')).not.toMatch(/PublicPart|SecretPart/);
      expect(problemsOf({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toEqual([
        'STRIPE_PUBLISHABLE_KEY: is a live-mode key but STRIPE_SECRET_KEY is a test-mode key',
      ]);
    });

    it('refuse live keys with a shop served over http://, the default origin included', () => {
      const live = {
        ...STRIPE,
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      };
      const message =
        'PUBLIC_ORIGIN: must be an https:// origin with a live-mode STRIPE_SECRET_KEY (live payments are taken only over HTTPS)';
      expect(problemsOf(live)).toEqual([message]);
      expect(problemsOf({ ...live, PUBLIC_ORIGIN: 'http://shop.example' })).toEqual([message]);
      expect(
        loadConfig({ ...live, PUBLIC_ORIGIN: 'https://shop.example' }, root).stripe?.livemode,
      ).toBe(true);
      // Test keys rehearse on a developer's http://localhost.
      expect(
        loadConfig({ ...STRIPE, PUBLIC_ORIGIN: 'http://localhost:8080' }, root).stripe,
      ).not.toBeNull();
    });

    it('put customers on test clocks only when asked, with a test key, outside production', () => {
      expect(loadConfig({ ...STRIPE, STRIPE_TEST_CLOCKS: 'true' }, root).stripe?.testClocks).toBe(
        true,
      );
      expect(
        problemsOf({
          ...STRIPE,
          STRIPE_SECRET_KEY: 'sk_live_1',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
          PUBLIC_ORIGIN: 'https://shop.example',
          STRIPE_TEST_CLOCKS: 'true',
        }),
      ).toEqual([
        'STRIPE_TEST_CLOCKS: needs a test-mode STRIPE_SECRET_KEY (sk_test_… or rk_test_…)',
      ]);
      expect(
        problemsOf({
          ...STRIPE,
          NODE_ENV: 'production',
          PAGE_VIEW_TOKEN: 'p'.repeat(32),
          STRIPE_TEST_CLOCKS: 'true',
        }),
      ).toContain('STRIPE_TEST_CLOCKS: cannot be used when NODE_ENV=production');
    });

    it('keep the secrets out of anything that prints the configuration', () => {
      const config = loadConfig(STRIPE, root);
      for (const printed of [JSON.stringify(config), inspect(config, { depth: 5 })]) {
        expect(printed).not.toContain('SecretPart');
        expect(printed).not.toContain('SigningPart');
        expect(printed).toContain('pk_test_51PublicPart');
      }
      // The code that needs them still reads them.
      expect(config.stripe?.secretKey).toBe('sk_test_51SecretPart');
    });
  });

  describe('the object store', () => {
    const S3 = {
      OBJECT_STORE: 's3',
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIAPUBLICPART',
      S3_SECRET_ACCESS_KEY: 'SecretAccessPart',
      S3_FORCE_PATH_STYLE: 'true',
    };

    it('is the directory unless OBJECT_STORE=s3 says otherwise', () => {
      expect(loadConfig({}, root).objectStore).toEqual({ kind: 'directory' });
      expect(loadConfig(S3, root).objectStore).toEqual({
        kind: 's3',
        bucket: 'shop-files',
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        accessKeyId: 'AKIAPUBLICPART',
        secretAccessKey: 'SecretAccessPart',
        forcePathStyle: true,
      });
      // AWS itself, with the instance's or task's role.
      expect(loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'shop-files' }, root).objectStore).toEqual(
        {
          kind: 's3',
          bucket: 'shop-files',
          endpoint: null,
          region: 'us-east-1',
          accessKeyId: null,
          secretAccessKey: null,
          forcePathStyle: false,
        },
      );
    });

    it('needs a bucket, and both keys or neither', () => {
      expect(() => loadConfig({ OBJECT_STORE: 's3' }, root)).toThrow(
        'S3_BUCKET: is required when OBJECT_STORE=s3',
      );
      expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: '' }, root)).toThrow(
        /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/,
      );
      expect(() => loadConfig({ ...S3, S3_BUCKET: 'Not_A_Bucket' }, root)).toThrow(
        /S3_BUCKET: must be an S3 bucket name/,
      );
      expect(() => loadConfig({ ...S3, OBJECT_STORE: 'ftp' }, root)).toThrow(/OBJECT_STORE/);
    });

    it('keeps the secret key out of anything that prints the configuration', () => {
      const config = loadConfig(S3, root);
      for (const printed of [JSON.stringify(config), inspect(config, { depth: 5 })]) {
        expect(printed).not.toContain('SecretAccessPart');
        expect(printed).toContain('AKIAPUBLICPART');
      }
    });
  });
});
