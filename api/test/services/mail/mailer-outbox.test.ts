import { API_PATHS } from '@shop/shared/contract/paths';
import { createOutboxMailer } from '../../../src/services/mail/mailer';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('outbox mailer (who may read it: test/routes/dev/outbox.test.ts)', () => {
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
});
