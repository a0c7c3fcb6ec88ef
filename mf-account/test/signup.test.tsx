import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, renderAccount } from './support/render-account';

const USER = {
  email: 'new@example.com',
  name: 'New Shopper',
  shopifyID: null,
  createdAt: '2024-01-02T00:00:00.000Z',
};

describe('sign-up form', () => {
  it('asks for name, email and password and calls nothing', async () => {
    const { calls } = renderAccount('/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the shared password rules as a live checklist and refuses a weak password', async () => {
    renderAccount('/signup');
    const user = userEvent.setup();
    const checklist = screen.getByRole('list', { name: 'Password rules' });
    const rule = (name: RegExp) => within(checklist).getByText(name).closest('li');
    await user.type(screen.getByLabelText('Email'), 'grace.hopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(rule(/10 to 128 characters/)).toHaveAttribute('data-met', 'false');
    expect(rule(/At least one letter/)).toHaveAttribute('data-met', 'true');
    await user.tab();
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    // The checklist is the field's description for screen readers.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('At least one number'),
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'grace.hopper-1906');
    await user.tab();
    expect(
      await screen.findByText('Do not use your email address in your password'),
    ).toBeInTheDocument();
  });

  it('shows the kit ID field only when the shopper has a kit, and validates it', async () => {
    renderAccount('/signup');
    expect(screen.queryByLabelText('Kit ID')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I already have a test kit' }));
    await userEvent.type(await screen.findByLabelText('Kit ID'), '<script>');
    await userEvent.tab();
    expect(
      await screen.findByText('A kit ID has letters, digits and dashes only'),
    ).toBeInTheDocument();
  });

  it('warns early when the email already has an account, asking the payments API only with an email', async () => {
    const { callsTo } = renderAccount('/signup', {
      routes: { 'GET /payments/stripe-subscriptions/business/users': [200, { exists: true }] },
    });
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(callsTo('GET', '/payments/stripe-subscriptions/business/users')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Email'), 'Taken@Example.com');
    await userEvent.tab();
    expect(
      await screen.findByText(/An account with this email already exists/),
    ).toBeInTheDocument();
    expect(callsTo('GET', '/payments/stripe-subscriptions/business/users')[0]?.params).toEqual({
      email: 'taken@example.com',
    });
  });

  async function fillValid(kitID?: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'New Shopper');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-good-password-1');
    if (kitID) {
      await user.click(screen.getByRole('checkbox', { name: 'I already have a test kit' }));
      await user.type(await screen.findByLabelText('Kit ID'), kitID);
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('puts the server’s taken-email message on the email field', async () => {
    const taken = 'An account with this email already exists. Log in or reset your password.';
    renderAccount('/signup', {
      routes: {
        'GET /payments/stripe-subscriptions/business/users': [200, { exists: false }],
        'POST /auth2/signup': [409, errorBody('EMAIL_TAKEN', taken, { email: taken })],
      },
    });
    await fillValid();
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
  });

  it('signs up with the session id and kit ID, refreshes the user and opens the account', async () => {
    const { callsTo, refresh, store, record } = renderAccount('/signup', {
      routes: {
        'GET /payments/stripe-subscriptions/business/users': [200, { exists: false }],
        'POST /auth2/signup': [201, { user: USER }],
      },
    });
    await fillValid(' BW-1234 ');
    await waitFor(() => expect(store.getLocation().pathname).toBe('/account'));
    expect(callsTo('POST', '/auth2/signup')[0]?.body).toEqual({
      name: 'New Shopper',
      email: 'new@example.com',
      password: 'a-good-password-1',
      kitID: 'BW-1234',
      sessionId: 'dev-session',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(record.notifications[0]).toMatchObject({ level: 'success' });
  });

  it('sends no kit ID when the box is not ticked', async () => {
    const { callsTo } = renderAccount('/signup', {
      routes: {
        'GET /payments/stripe-subscriptions/business/users': [200, { exists: false }],
        'POST /auth2/signup': [201, { user: USER }],
      },
    });
    await fillValid();
    await waitFor(() => expect(callsTo('POST', '/auth2/signup')).toHaveLength(1));
    expect(callsTo('POST', '/auth2/signup')[0]?.body).toMatchObject({ kitID: null });
  });
});
