import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, type Routes, renderAccount } from './support/render-account';

describe('reset password: request step', () => {
  it('validates the email before sending', async () => {
    const { calls } = renderAccount('/reset-password');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('always shows the same message once sent', async () => {
    const { callsTo } = renderAccount('/reset-password', {
      routes: { 'POST /auth2/reset-password': [200, { ok: true }] },
    });
    await userEvent.type(screen.getByLabelText('Email'), ' Someone@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, a reset link is on its way.',
    );
    expect(callsTo('POST', '/auth2/reset-password')[0]?.body).toEqual({
      email: 'Someone@Example.com',
    });
  });

  it('shows the rate limit, with the server’s wait, as a form message', async () => {
    renderAccount('/reset-password', {
      routes: {
        'POST /auth2/reset-password': [
          429,
          errorBody('RATE_LIMITED', 'Too many attempts. Please try again in 1 minute.'),
        ],
      },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 1 minute.',
    );
  });
});

describe('reset password: the emailed link', () => {
  const USABLE = { 'GET /auth2/reset-password/link': [200, { usable: true }] } as Routes;

  async function choose(password: string, repeat = password) {
    await userEvent.type(await screen.findByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Repeat the new password'), repeat);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('applies the password rules and asks for the same password twice', async () => {
    const { calls } = renderAccount('/reset-password?linkId=abc123', { routes: USABLE });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await choose('Password123', 'Password124');
    expect(
      await screen.findByText('This password is too common. Choose another one'),
    ).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat the new password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sets the new password with the link id and offers to log in', async () => {
    const { callsTo } = renderAccount('/reset-password?linkId=abc123', {
      routes: { ...USABLE, 'POST /auth2/reset-password/callback': [200, { ok: true }] },
    });
    await choose('a-brand-new-pass-9');
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument();
    expect(callsTo('POST', '/auth2/reset-password/callback')[0]?.body).toEqual({
      linkId: 'abc123',
      password: 'a-brand-new-pass-9',
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['RESET_LINK_USED', 'This reset link was already used. Request a new one.'],
    ['RESET_LINK_EXPIRED', 'This reset link has expired. Request a new one.'],
    ['RESET_LINK_UNKNOWN', 'This reset link is not valid. Request a new one.'],
  ])('explains a %s link and leads back to the request step', async (code, message) => {
    const { store } = renderAccount('/reset-password?linkId=old', {
      routes: { ...USABLE, 'POST /auth2/reset-password/callback': [400, errorBody(code, message)] },
    });
    await choose('a-brand-new-pass-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(store.getLocation().search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it("puts the server's password message on the field", async () => {
    renderAccount('/reset-password?linkId=abc123', {
      routes: {
        ...USABLE,
        'POST /auth2/reset-password/callback': [
          400,
          errorBody('VALIDATION_ERROR', 'Use at most 128 characters', {
            password: 'Use at most 128 characters',
          }),
        ],
      },
    });
    await choose('a-brand-new-pass-9');
    expect(await screen.findByText('Use at most 128 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a used link cannot be used as soon as the page opens, without using it', async () => {
    const { calls } = renderAccount('/reset-password?linkId=used-one', {
      routes: {
        'GET /auth2/reset-password/link': [
          400,
          errorBody('RESET_LINK_USED', 'This reset link was already used. Request a new one.'),
        ],
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link…');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link was already used. Request a new one.',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.params])).toEqual([
      ['GET', '/auth2/reset-password/link', { linkId: 'used-one' }],
    ]);
  });
});
