import { API_PATHS } from '@shop/shared/contract/paths';
import { DEV_OUTBOX_TOKEN_HEADER, isLoopbackHost } from '../../../src/routes/dev/outbox-routes';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

const TOKEN = 'dev-outbox-token-0123456789abcdef';

/** Builds an app with `env`, runs `check` on it, closes it. */
async function withApp(env: Record<string, string>, check: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp({ env });
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

// Every request here comes from a loopback peer (light-my-request's default 127.0.0.1): the peer
// address must not be what opens the outbox, because behind a proxy every peer is loopback.
const read = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=a@example.com`, headers });

describe('GET /dev/outbox: who may read the dev mail', () => {
  it.each(['localhost', '127.0.0.1', '::1'])(
    'answers when the server listens on loopback (%s) outside production',
    async (host) => {
      await withApp({ HOST: host }, async (t) => {
        const response = await read(t);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
      });
    },
  );

  it('listens on loopback by default outside production, so `npm start` can read it', async () => {
    await withApp({}, async (t) => {
      expect(t.config.host).toBe('localhost');
      expect((await read(t)).statusCode).toBe(200);
    });
  });

  it.each(['0.0.0.0', '::', '10.0.0.5'])(
    'is a 404 when the server listens on %s, even for a loopback peer',
    async (host) => {
      await withApp({ HOST: host }, async (t) => {
        const response = await read(t);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'No route for GET /dev/outbox' },
        });
      });
    },
  );

  it('is a 404 behind a proxy on loopback: forwarded requests or TRUST_PROXY', async () => {
    await withApp({ HOST: '127.0.0.1' }, async (t) => {
      expect((await read(t, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await read(t, { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
    });
    await withApp({ HOST: '127.0.0.1', TRUST_PROXY: 'true' }, async (t) => {
      expect((await read(t)).statusCode).toBe(404);
    });
  });

  it('is a 404 in production, even on loopback', async () => {
    await withApp({ NODE_ENV: 'production', HOST: '127.0.0.1' }, async (t) => {
      expect((await read(t)).statusCode).toBe(404);
    });
  });

  it('opens with the configured token wherever the server listens, and only with the right one', async () => {
    const envs: Array<Record<string, string>> = [
      { HOST: '0.0.0.0', DEV_OUTBOX_TOKEN: TOKEN },
      { NODE_ENV: 'production', DEV_OUTBOX_TOKEN: TOKEN },
    ];
    for (const env of envs) {
      await withApp(env, async (t) => {
        expect((await read(t, { [DEV_OUTBOX_TOKEN_HEADER]: TOKEN })).statusCode).toBe(200);
        expect(
          (await read(t, { [DEV_OUTBOX_TOKEN_HEADER]: TOKEN, 'x-forwarded-for': '203.0.113.9' }))
            .statusCode,
        ).toBe(200);
        expect((await read(t, { [DEV_OUTBOX_TOKEN_HEADER]: `${TOKEN}x` })).statusCode).toBe(404);
        expect((await read(t, { [DEV_OUTBOX_TOKEN_HEADER]: 'short' })).statusCode).toBe(404);
        expect((await read(t)).statusCode).toBe(404);
      });
    }
  });

  it('does not exist when SMTP is configured, token or not', async () => {
    await withApp({ SMTP_URL: 'smtp://127.0.0.1:2525', DEV_OUTBOX_TOKEN: TOKEN }, async (t) => {
      expect(t.app.mailer.kind).toBe('smtp');
      expect((await read(t, { [DEV_OUTBOX_TOKEN_HEADER]: TOKEN })).statusCode).toBe(404);
    });
  });

  it('knows which listen addresses are loopback', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.10.0.1',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '', '10.0.0.1', 'shop.example', '127.0.0.1.example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
