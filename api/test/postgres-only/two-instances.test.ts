import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { DEMO_USER } from '../../src/db/seed/demo-partners-and-discounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../helpers/build-test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

describe('two API instances on one PostgreSQL database (stateless scale-out)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildTestApp({ database, env: { ADMIN_TOKEN } });
    b = await buildTestApp({
      database,
      handle: await database.openAnother(),
      env: { ADMIN_TOKEN },
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('are separate processes-worth of state: separate pools and caches', () => {
    expect(a.app).not.toBe(b.app);
    expect(a.app.db).not.toBe(b.app.db);
    expect(a.app.databaseKind).toBe('postgres');
  });

  it('log in on one, read /user/cms-info on the other, log out on the other and be logged out on the first', async () => {
    const login = await a.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const cookie = sessionCookieFrom(login);
    const me = await b.inject({
      method: 'GET',
      url: `${API_PATHS.cmsInfo}?includeBalance=true`,
      headers: { cookie },
    });
    expect(me.json()).toMatchObject({
      email: DEMO_USER.email,
      balance: { amount: 2500, currency: 'usd' },
    });

    await b.inject({ method: 'POST', url: API_PATHS.logout, headers: { cookie } });
    expect(
      (await a.inject({ method: 'GET', url: API_PATHS.cmsInfo, headers: { cookie } })).json(),
    ).toBeNull();
  });

  it('a customization written on one instance invalidates the cache of the other (NOTIFY)', async () => {
    const url = buildPath(API_PATHS.customization, { shopKey: 'acme-wellness' });
    expect((await b.inject({ method: 'GET', url })).json().businessName).toBe('Acme Wellness');
    const write = await a.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { businessName: 'Acme Everywhere' },
    });
    expect(write.statusCode).toBe(200);
    const deadline = Date.now() + 5_000;
    let seen = '';
    while (Date.now() < deadline) {
      seen = (await b.inject({ method: 'GET', url })).json().businessName;
      if (seen === 'Acme Everywhere') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe('Acme Everywhere');
  });
});
