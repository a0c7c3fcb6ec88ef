import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIRST_VIEW_LOGIN_QUERY_KEY } from '@shop/shared/ssr/first-view-auth';
import { errorBody, renderAccount } from './support/render-account';

const USER = {
  email: 'ada@example.com',
  name: 'Ada Shopper',
  shopifyID: null,
  createdAt: '2024-01-02T00:00:00.000Z',
};
const wrongCredentials = [
  401,
  errorBody('INVALID_CREDENTIALS', 'Email or password is incorrect'),
] as const;

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('log-in form', () => {
  it('asks for both fields, marking them invalid, without calling the API', async () => {
    const { calls } = renderAccount('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email');
    expect(calls).toHaveLength(0);
  });

  it('refuses a malformed email with the contract message', async () => {
    renderAccount('/login');
    await fillAndSubmit('not-an-email', 'whatever');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  });

  it('on wrong credentials checks the old store, then marks both fields without saying which was wrong', async () => {
    const { callsTo, refresh } = renderAccount('/login', {
      routes: {
        'POST /auth2/login/password': [...wrongCredentials],
        'GET /auth2/old-store': [200, { legacy: false }],
      },
    });
    await fillAndSubmit('  Ada@Example.com', 'wrong-password-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email or password is incorrect');
    expect(callsTo('GET', '/auth2/old-store')[0]?.params).toEqual({ email: 'ada@example.com' });
    for (const label of ['Email', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Email or password is incorrect'),
      );
    }
    expect(screen.queryByText(/email is wrong|password is wrong/i)).not.toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();

    // Typing again clears the marks.
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('explains an old-store account and sends it a reset link instead of an error', async () => {
    const { callsTo } = renderAccount('/login', {
      routes: {
        'POST /auth2/login/password': [...wrongCredentials],
        'GET /auth2/old-store': [200, { legacy: true }],
        'POST /auth2/reset-password': [200, { ok: true }],
      },
    });
    await fillAndSubmit('legacy@example.com', 'old-password-1');
    expect(await screen.findByText('Your account is from our old store')).toBeInTheDocument();
    expect(screen.queryByText('Email or password is incorrect')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(callsTo('POST', '/auth2/reset-password')[0]?.body).toEqual({
      email: 'legacy@example.com',
    });
  });

  it('logs in: refreshes the shell user, tracks log_in and returns to the same-origin redirect', async () => {
    const { callsTo, refresh, record, store } = renderAccount(
      '/login?redirect=%2Faccount%3Ftab%3Dcards',
      {
        routes: { 'POST /auth2/login/password': [200, { user: USER }] },
      },
    );
    await fillAndSubmit('ada@example.com', 'correct-password-1');
    await waitFor(() => expect(store.getLocation().pathname).toBe('/account'));
    expect(store.getLocation().search).toBe('?tab=cards');
    expect(callsTo('POST', '/auth2/login/password')[0]?.body).toEqual({
      username: 'ada@example.com',
      password: 'correct-password-1',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(record.tracked).toEqual([{ event: 'log_in', params: { method: 'password' } }]);
  });

  it.each([['https://evil.example/phish'], ['//evil.example'], ['/login']])(
    'ignores the redirect %p and goes home',
    async (redirect) => {
      const { store } = renderAccount(`/login?redirect=${encodeURIComponent(redirect)}`, {
        routes: { 'POST /auth2/login/password': [200, { user: USER }] },
      });
      await fillAndSubmit('ada@example.com', 'correct-password-1');
      await waitFor(() => expect(store.getLocation().pathname).toBe('/'));
    },
  );

  it('shows the rate limit as a form message without marking the fields', async () => {
    renderAccount('/login', {
      routes: {
        'POST /auth2/login/password': [
          429,
          errorBody('RATE_LIMITED', 'Too many attempts. Please try again in 1 minute.'),
        ],
      },
    });
    await fillAndSubmit('ada@example.com', 'correct-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  describe('a log-in the first view sent (the shell’s first script), handed over with its answer', () => {
    const handed = (answer: { status: number | null; body: unknown; legacy: boolean | null }) => [
      { queryKey: FIRST_VIEW_LOGIN_QUERY_KEY, data: { username: 'ada@example.com', ...answer } },
    ];

    it('starts from its wrong-credentials alert, which the values carried over from the first view keep; sends nothing; an edit clears it', async () => {
      const { calls, queryClient } = renderAccount('/login', {
        seeded: handed({ status: wrongCredentials[0], body: wrongCredentials[1], legacy: false }),
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Email or password is incorrect');
      expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
      // The shell carries what was typed on the first view into the empty live fields.
      const carry = (label: string, value: string) =>
        fireEvent.input(screen.getByLabelText(label), { target: { value } });
      carry('Email', 'ada@example.com');
      carry('Password', 'wrong-password-1');
      expect(screen.getByRole('alert')).toHaveTextContent('Email or password is incorrect');
      expect(calls).toHaveLength(0);
      await waitFor(() =>
        expect(queryClient.getQueryData(FIRST_VIEW_LOGIN_QUERY_KEY)).toBeUndefined(),
      );

      await userEvent.type(screen.getByLabelText('Password'), 'x');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    });

    it('shows an old-store account’s notice without asking the old store again', () => {
      const { calls } = renderAccount('/login', {
        seeded: handed({ status: wrongCredentials[0], body: wrongCredentials[1], legacy: true }),
      });
      expect(screen.getByText('Your account is from our old store')).toBeInTheDocument();
      expect(screen.queryByText('Email or password is incorrect')).not.toBeInTheDocument();
      expect(calls).toHaveLength(0);
    });

    it.each([
      [
        'a rate limit',
        { status: 429, body: errorBody('RATE_LIMITED', 'Too many attempts. Wait 1 minute.') },
        'Too many attempts. Wait 1 minute.',
      ],
      [
        'no answer',
        { status: null, body: null },
        'Could not reach the server. Check your connection and try again.',
      ],
    ])('shows %s as the form’s message', (_what, answer, message) => {
      renderAccount('/login', { seeded: handed({ ...answer, legacy: null }) });
      expect(screen.getByRole('alert')).toHaveTextContent('We could not log you in');
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    });
  });

  it('carries the redirect to the sign-up link', () => {
    renderAccount('/login?redirect=%2Faccount');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Faccount',
    );
  });
});
