import { API_PATHS } from '@shop/shared/contract/paths';
import { isLoopbackAddress } from '../../src/routes/dev/outbox-routes';
import { createOutboxMailer } from '../../src/services/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

describe('outbox mailer and GET /dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps mail in the outbox table and lists it newest first, filtered by recipient', async () => {
    const mailer = createOutboxMailer(t.app.db, 'Shop <shop@example.com>');
    await mailer.send({ to: ' Reader@Example.com ', subject: 'First', text: 'one' });
    await mailer.send({
      to: 'reader@example.com',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
    });
    await mailer.send({ to: 'other@example.com', subject: 'Other', text: 'x' });
    const response = await t.inject({
      method: 'GET',
      url: `${API_PATHS.devOutbox}?to=READER@example.com`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Second',
      'First',
    ]);
    expect(response.json().messages[0]).toMatchObject({
      to: 'reader@example.com',
      from: 'Shop <shop@example.com>',
      html: '<p>two</p>',
    });
    const all = await t.inject({ method: 'GET', url: API_PATHS.devOutbox });
    expect(all.json().messages.length).toBeGreaterThanOrEqual(3);
  });

  it('answers loopback clients only', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: API_PATHS.devOutbox,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const forwarded = await t.app.inject({
      method: 'GET',
      url: API_PATHS.devOutbox,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: API_PATHS.devOutbox, remoteAddress: '::1' }))
        .statusCode,
    ).toBe(200);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.10.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('does not exist when SMTP is configured or in production', async () => {
    const variants: Array<Record<string, string>> = [
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
      { NODE_ENV: 'production' },
    ];
    for (const env of variants) {
      const other = await buildTestApp({ env });
      try {
        expect((await other.inject({ method: 'GET', url: API_PATHS.devOutbox })).statusCode).toBe(
          404,
        );
        expect(other.app.mailer.kind).toBe('SMTP_URL' in env ? 'smtp' : 'outbox');
      } finally {
        await other.close();
      }
    }
  });
});
