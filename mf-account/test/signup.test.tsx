import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIRST_VIEW_SIGNUP_QUERY_KEY } from '@shop/shared/ssr/first-view-auth';
import { errorBody, renderAccount } from './support/render-account';

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

  it('signs up with the session id, kit ID and the way back, then asks to check the email', async () => {
    const { callsTo, refresh, store } = renderAccount('/signup?redirect=%2Fcheckout', {
      routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
    });
    await fillValid(' BW-1234 ');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    // Focus moves to the new heading; the status line says where the email went.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent an email to new@example.com. Open the link in it to confirm your address',
    );
    expect(callsTo('POST', '/auth2/signup')[0]?.body).toEqual({
      name: 'New Shopper',
      email: 'new@example.com',
      password: 'a-good-password-1',
      kitID: 'BW-1234',
      sessionId: 'dev-session',
      redirect: '/checkout',
    });
    // Nobody is logged in yet, and the page stays put.
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getLocation().pathname).toBe('/signup');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('sends the same sign-up again on request and says so', async () => {
    const { callsTo } = renderAccount('/signup', {
      routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
    });
    await fillValid();
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await userEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    await waitFor(() => expect(callsTo('POST', '/auth2/signup')).toHaveLength(2));
    expect(callsTo('POST', '/auth2/signup')[1]?.body).toEqual(
      callsTo('POST', '/auth2/signup')[0]?.body,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      /We sent another email to new@example.com at .+\. Open the link/,
    );
  });

  it('shows a refused resend (rate limit) with the server’s wait', async () => {
    let calls = 0;
    renderAccount('/signup', {
      routes: {
        'POST /auth2/signup': () =>
          (calls += 1) === 1
            ? [202, { email: 'new@example.com' }]
            : [429, errorBody('RATE_LIMITED', 'Too many attempts. Please try again in 1 minute.')],
      },
    });
    await fillValid();
    await userEvent.click(await screen.findByRole('button', { name: 'Send the email again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 1 minute.',
    );
  });

  it('goes back to the filled-in form to use a different email, starting at the email field', async () => {
    renderAccount('/signup', {
      routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
    });
    await fillValid();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('New Shopper');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('never asks whether the email already has an account', async () => {
    const { calls } = renderAccount('/signup', {
      routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
    });
    await fillValid();
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /auth2/signup']);
  });

  it('sends no kit ID when the box is not ticked', async () => {
    const { callsTo } = renderAccount('/signup', {
      routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
    });
    await fillValid();
    await waitFor(() => expect(callsTo('POST', '/auth2/signup')).toHaveLength(1));
    expect(callsTo('POST', '/auth2/signup')[0]?.body).toMatchObject({ kitID: null });
  });

  describe('a sign-up the first view sent (the shell’s first script), handed over with its answer', () => {
    const handed = (status: number, body: unknown) => [
      { queryKey: FIRST_VIEW_SIGNUP_QUERY_KEY, data: { status, body } },
    ];

    it('starts at "check your email" without sending it again; a resend sends the values carried over from the first view', async () => {
      const { callsTo } = renderAccount('/signup', {
        seeded: handed(202, { email: 'new@example.com' }),
        routes: { 'POST /auth2/signup': [202, { email: 'new@example.com' }] },
      });
      expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('We sent an email to new@example.com.');
      expect(callsTo('POST', '/auth2/signup')).toHaveLength(0);
      // The shell carries what was typed on the first view into the live form, kept hidden.
      const carry = (label: string, value: string) =>
        fireEvent.input(screen.getByLabelText(label), { target: { value } });
      carry('Full name', 'New Shopper');
      carry('Email', 'new@example.com');
      carry('Password', 'a-good-password-1');
      expect(screen.getByLabelText('Password')).not.toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
      await waitFor(() => expect(callsTo('POST', '/auth2/signup')).toHaveLength(1));
      expect(callsTo('POST', '/auth2/signup')[0]?.body).toEqual({
        name: 'New Shopper',
        email: 'new@example.com',
        password: 'a-good-password-1',
        kitID: null,
        sessionId: 'dev-session',
        redirect: '/account',
      });
      expect(await screen.findByRole('status')).toHaveTextContent(
        /We sent another email to new@example.com at .+\. Open the link/,
      );
    });

    it('starts from a refusal with the form’s message, sending nothing', () => {
      const { calls } = renderAccount('/signup', {
        seeded: handed(429, errorBody('RATE_LIMITED', 'Too many attempts. Wait 1 minute.')),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent('We could not create your account');
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Wait 1 minute.');
      expect(calls).toHaveLength(0);
    });
  });
});
