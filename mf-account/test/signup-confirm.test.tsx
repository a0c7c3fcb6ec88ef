import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, renderAccount } from './support/render-account';

const USER = {
  email: 'new@example.com',
  name: 'New Shopper',
  shopifyID: null,
  createdAt: '2024-01-02T00:00:00.000Z',
};

describe('the emailed sign-up link', () => {
  it('confirms once on opening, refreshes the user and goes where the sign-up was headed', async () => {
    const { callsTo, refresh, store, record } = renderAccount('/signup/confirm?token=tok_123', {
      routes: {
        'POST /auth2/signup/confirm': [200, { user: USER, redirect: '/checkout?step=pay' }],
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirming your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your email…');
    await waitFor(() => expect(store.getLocation().pathname).toBe('/checkout'));
    expect(store.getLocation().search).toBe('?step=pay');
    expect(callsTo('POST', '/auth2/signup/confirm')).toEqual([
      expect.objectContaining({ body: { token: 'tok_123' } }),
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(record.notifications[0]).toMatchObject({ level: 'success' });
  });

  it('does not follow a redirect that leaves the site or loops to an auth screen', async () => {
    const { store } = renderAccount('/signup/confirm?token=tok_123', {
      routes: {
        'POST /auth2/signup/confirm': [200, { user: USER, redirect: 'https://evil.example/' }],
      },
    });
    await waitFor(() => expect(store.getLocation().pathname).toBe('/account'));
  });

  it.each([
    [
      'CONFIRMATION_LINK_USED',
      'This confirmation link was already used. If your account is active, log in.',
    ],
    [
      'CONFIRMATION_LINK_EXPIRED',
      'This confirmation link has expired. Sign up again to get a new one.',
    ],
  ])('explains a link it cannot use (%s) and offers log-in and sign-up', async (code, message) => {
    const { refresh } = renderAccount('/signup/confirm?token=tok_old', {
      routes: { 'POST /auth2/signup/confirm': [400, errorBody(code, message)] },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a used link in a browser the first opening logged in points to the account', async () => {
    renderAccount('/signup/confirm?token=tok_old', {
      user: USER,
      routes: {
        'POST /auth2/signup/confirm': [
          400,
          errorBody('CONFIRMATION_LINK_USED', 'This confirmation link was already used.'),
        ],
      },
    });
    expect(await screen.findByText(/You are logged in as/)).toHaveTextContent(
      'You are logged in as new@example.com.',
    );
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.queryByRole('link', { name: 'Sign up again' })).not.toBeInTheDocument();
  });

  it('calls nothing without a token', async () => {
    const { calls } = renderAccount('/signup/confirm');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('missing part of its address');
    expect(calls).toHaveLength(0);
  });

  it('offers to try again after a failure that is not the link’s fault', async () => {
    let attempts = 0;
    const { store } = renderAccount('/signup/confirm?token=tok_123', {
      routes: {
        'POST /auth2/signup/confirm': () =>
          (attempts += 1) === 1
            ? [503, errorBody('SERVICE_UNAVAILABLE', 'Down')]
            : [200, { user: USER, redirect: '/account' }],
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(store.getLocation().pathname).toBe('/account'));
    expect(attempts).toBe(2);
  });
});
