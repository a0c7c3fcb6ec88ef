import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('POST /user/invitation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const invitationsOf = (email: string) =>
    t.app.db
      .selectFrom('invitations')
      .select(['email', 'first_name', 'last_name', 'source'])
      .where('email', '=', email)
      .orderBy('source')
      .execute();

  it.each(['ny_waitlist', 'ca_supplements'] as const)(
    'stores a %s sign-up with a normalised email',
    async (source) => {
      const email = `${source}@example.com`;
      const response = await t.inject({
        method: 'POST',
        url: API_PATHS.invitation,
        payload: {
          email: `  ${email.toUpperCase()} `,
          first_name: 'Ada',
          last_name: 'Lovelace',
          source,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, alreadyOnList: false });
      expect(await invitationsOf(email)).toEqual([
        { email, first_name: 'Ada', last_name: 'Lovelace', source },
      ]);
    },
  );

  it('answers a duplicate kindly with 200 and alreadyOnList, keeping one row', async () => {
    const payload = {
      email: 'twice@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      source: 'ny_waitlist',
    };
    const first = await t.inject({ method: 'POST', url: API_PATHS.invitation, payload });
    const second = await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { ...payload, email: 'Twice@Example.com' },
    });
    expect(first.json()).toEqual({ ok: true, alreadyOnList: false });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ok: true, alreadyOnList: true });
    expect(await invitationsOf('twice@example.com')).toHaveLength(1);
  });

  it('keeps the same email on both lists, one row per source', async () => {
    const base = { email: 'both@example.com', first_name: 'Katherine', last_name: 'Johnson' };
    await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { ...base, source: 'ny_waitlist' },
    });
    const other = await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { ...base, source: 'ca_supplements' },
    });
    expect(other.json()).toEqual({ ok: true, alreadyOnList: false });
    expect((await invitationsOf('both@example.com')).map((row) => row.source)).toEqual([
      'ca_supplements',
      'ny_waitlist',
    ]);
  });

  it('refuses a bad email with a field message and stores nothing', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { email: 'not-an-email', first_name: 'A', last_name: 'B', source: 'ny_waitlist' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Please enter a valid email',
        fields: { email: 'Please enter a valid email' },
      },
    });
    expect(await invitationsOf('not-an-email')).toEqual([]);
  });

  it('refuses an unknown source and blank names', async () => {
    const unknownSource = await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { email: 'x@example.com', first_name: 'A', last_name: 'B', source: 'tx_waitlist' },
    });
    expect(unknownSource.statusCode).toBe(400);
    expect(unknownSource.json().error.fields).toHaveProperty('source');
    const blankName = await t.inject({
      method: 'POST',
      url: API_PATHS.invitation,
      payload: { email: 'x@example.com', first_name: '  ', last_name: 'B', source: 'ny_waitlist' },
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().error.fields).toEqual({ first_name: 'Please enter your first name' });
    expect(await invitationsOf('x@example.com')).toEqual([]);
  });
});
