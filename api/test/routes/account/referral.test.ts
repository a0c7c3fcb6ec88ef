import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('POST /user/referrals/anonymous', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refer = (payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: API_PATHS.anonymousReferral, payload });
  const referralsBy = (email: string) =>
    t.app.db
      .selectFrom('referrals')
      .select(['email', 'referred'])
      .where('email', '=', email)
      .orderBy('referred')
      .execute();
  const mailTo = (address: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', address)
      .execute();

  it('stores a referral with normalised emails and emails the friend once', async () => {
    const response = await refer({
      email: ' Visitor@Example.com ',
      referred: 'FRIEND@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, alreadyReferred: false });
    expect(await referralsBy('visitor@example.com')).toEqual([
      { email: 'visitor@example.com', referred: 'friend@example.com' },
    ]);
    const mail = await mailTo('friend@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('A friend invited you to Bloodwise');
    // The referrer's address is never passed on.
    expect(mail[0]?.text_body).not.toContain('visitor@example.com');
  });

  it('answers a repeated referral with alreadyReferred and sends no second email', async () => {
    await refer({ email: 'repeat@example.com', referred: 'pal@example.com' });
    const again = await refer({ email: 'repeat@example.com', referred: 'pal@example.com' });
    const byOther = await refer({ email: 'someone-else@example.com', referred: 'pal@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, alreadyReferred: true });
    expect(byOther.json()).toEqual({ ok: true, alreadyReferred: false });
    expect(await referralsBy('repeat@example.com')).toHaveLength(1);
    expect(await mailTo('pal@example.com')).toHaveLength(1);
  });

  it.each([
    [{ email: 'nope', referred: 'friend2@example.com' }, 'email'],
    [{ email: 'ok@example.com', referred: 'friend@@example' }, 'referred'],
    [{ email: 'ok@example.com' }, 'referred'],
  ])('refuses an invalid email %p on the %s field', async (payload, field) => {
    const response = await refer(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('refuses self-referral, also when only the case or spaces differ', async () => {
    const response = await refer({ email: 'me@example.com', referred: '  ME@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'You cannot refer yourself',
        fields: { referred: 'You cannot refer yourself' },
      },
    });
    expect(await referralsBy('me@example.com')).toEqual([]);
    expect(await mailTo('me@example.com')).toEqual([]);
  });
});
