import path from 'node:path';
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
      loadConfig({ NODE_ENV: 'production', PAGE_VIEW_TOKEN: 'a-long-enough-token' }, root).host,
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
    });
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
});
