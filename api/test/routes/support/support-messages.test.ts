import { API_PATHS } from '@shop/shared/contract/paths';
import { SUPPORT_EMAIL } from '@shop/shared/contract/support';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

const ANSWER = /^(today by 3:00 PM ET|by \w{3}, \w{3} \d{1,2}, 3:00 PM ET)$/;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rita Visitor',
  email: 'rita@example.com',
  message: 'Can I use the kit while travelling? <b>not html</b>',
  ...overrides,
});

describe('messages left in the chat while no one is online', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const send = (payload: unknown) =>
    t.inject({ method: 'POST', url: API_PATHS.supportMessages, payload: payload as object });
  const outbox = async () =>
    (
      await t.inject({
        method: 'GET',
        url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(SUPPORT_EMAIL)}`,
        remoteAddress: '127.0.0.1',
      })
    ).json().messages as { subject: string; text: string; html: string | null }[];

  it('stores the message, mails it to support through the outbox and says when to expect an answer', async () => {
    const response = await send(body({ email: ' Rita@Example.com ' }));
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toEqual({
      ok: true,
      expectedAnswerAt: expect.any(String),
      expectedAnswer: expect.stringMatching(ANSWER),
    });
    // Always at closing time (3 PM New York) of a weekday, and never in the past.
    const at = new Date(answer.expectedAnswerAt);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect([19, 20]).toContain(at.getUTCHours());

    const rows = await t.app.db.selectFrom('support_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Rita Visitor',
      email: 'rita@example.com',
      message: 'Can I use the kit while travelling? <b>not html</b>',
    });
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await outbox();
    expect(mail!.subject).toBe('Chat message from Rita Visitor');
    expect(mail!.text).toContain('Rita Visitor <rita@example.com>');
    expect(mail!.text).toContain('Can I use the kit while travelling? <b>not html</b>');
    expect(mail!.text).toContain(`expect an answer ${answer.expectedAnswer}`);
    // The HTML part quotes the message as text: its markup is escaped, never rendered.
    expect(mail!.html).toContain('&lt;b&gt;not html&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>not html</b>');
  });

  it('refuses a message without a name, with a bad email, empty, too long or with NUL, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(4001) }, 'message'],
      [{ message: 'a\u0000b' }, 'message'],
    ];
    for (const [overrides, field] of cases) {
      const response = await send(body({ email: 'bad@example.com', ...overrides }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.fields).toHaveProperty(field);
    }
  });

  it('takes three messages per address per hour, then answers 429 with Retry-After', async () => {
    for (let n = 0; n < 3; n += 1)
      expect((await send(body({ email: 'chatty@example.com' }))).statusCode).toBe(201);
    const limited = await send(body({ email: 'CHATTY@example.com' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many messages from this email\. Please try again in/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await send(body({ email: 'quiet@example.com' }))).statusCode).toBe(201);
  });
});

describe('the per-IP limit on chat messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 in the standard shape once one address sends too many, whatever the email', async () => {
    const send = (email: string) =>
      t.inject({ method: 'POST', url: API_PATHS.supportMessages, payload: body({ email }) });
    expect((await send('one@example.com')).statusCode).toBe(201);
    expect((await send('two@example.com')).statusCode).toBe(201);
    const limited = await send('three@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
