// "Log in" and "Create account" done by the first script on their first views
// (first-view-auth-actions.ts): sent once when the live form's checks pass, a wrong password shown
// with the live form's alert, an accepted sign-up as "check your email", other answers handed to
// the live page (the press busy until it shows them), a log-in leaving for the same safe page as
// the live form. Its own file: the actions and kept clicks are module state.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import {
  closeFirstViewActions,
  FirstViewRequestError,
  type ApiName,
} from '../src/federation/first-view-actions';
import '../src/federation/first-view-auth-actions';
import {
  actionPending,
  closeActions,
  openActions,
  recordPresses,
  seededQueries,
  takeFirstViewClicks,
} from './support/first-view-actions';

const ALERT = `<div id="login-error" class="ant-alert acc-alert" role="alert"><div class="ant-alert-title">Email or password is incorrect</div><div class="ant-alert-description">Check both and try again, or reset your password.</div></div>`;

function drawPage(pathname: string, card: string): void {
  document.body.innerHTML = `<div id="root"><div data-first-view-area="account" data-area="account">${card}</div></div><script type="application/json" id="${FIRST_VIEW_STATE_ID}">${JSON.stringify(
    { area: 'account', pathname, queries: [] },
  )}</script>`;
}

function loginPage(): void {
  drawPage(
    '/login',
    `<form method="post" novalidate>
    <div class="ant-form-item"><label for="username">Email</label><input id="username" type="email" class="ant-input"></div>
    <div class="ant-form-item"><label for="password">Password</label><span class="ant-input-affix-wrapper"><input id="password" type="password" class="ant-input"></span></div>
    <button type="submit" data-first-view-action="login"><span>Log in</span></button>
    <template data-first-view-template="login-credentials">${ALERT}</template>
  </form>`,
  );
}

const track = jest.fn();
const navigate = jest.fn();

/** An API's answer, whatever its status. */
interface FirstViewAnswer {
  status: number;
  body: unknown;
}
const button = () => screen.getByRole('button', { name: 'Log in' });

/** The APIs answering each request when told (as `send` does: a non-2xx rejects), recording them. */
function server() {
  const requests: { method: string; path: string; body: unknown; api?: ApiName }[] = [];
  const answers: ((answer: FirstViewAnswer | Error) => void)[] = [];
  const send = jest.fn(
    (method: 'GET' | 'POST', path: string, body?: unknown, api?: ApiName) =>
      new Promise((resolve, reject) => {
        requests.push({ method, path, body, api });
        answers.push((answer) => {
          if (answer instanceof Error) reject(answer);
          else if (answer.status >= 300)
            reject(new FirstViewRequestError(path, answer.status, answer.body));
          else resolve(answer.body);
        });
      }),
  );
  const api = {
    requests,
    send: send as unknown as <T>(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      api?: ApiName,
    ) => Promise<T>,
    // Each waits for the request it answers: the first script sends it in its turn.
    answer: async (answer: FirstViewAnswer | Error) => {
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(answer);
    },
    failAll: () => {
      for (const answer of answers.splice(0)) answer(new Error('test over'));
    },
  };
  current = api;
  return api;
}
let current: { failAll(): void } | null = null;

const open = (api: ReturnType<typeof server>) => openActions(track, { send: api.send, navigate });

function fillIn(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
}

const wrongCredentials: FirstViewAnswer = {
  status: 401,
  body: { error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' } },
};

beforeAll(recordPresses);
afterEach(async () => {
  current?.failAll();
  await closeActions();
  track.mockClear();
  navigate.mockClear();
  window.history.replaceState(null, '', '/login');
});

it('a wrong password: one log-in, the old store asked as the live form does, then the live form’s alert with the fields kept and marked; the answer is handed to the live form', async () => {
  loginPage();
  const api = server();
  open(api);
  fillIn('Ada@Example.com', 'wrong-password-1');
  fireEvent.click(button());

  expect(button()).toHaveAttribute('aria-busy', 'true');
  expect(actionPending()).toBe(true);
  expect(takeFirstViewClicks()).toEqual([]);
  await api.answer(wrongCredentials);
  await api.answer({ status: 200, body: { legacy: false } });
  await waitFor(() => expect(actionPending()).toBe(false));

  expect(api.requests).toEqual([
    {
      method: 'POST',
      path: '/auth2/login/password',
      body: { username: 'Ada@Example.com', password: 'wrong-password-1' },
      api: 'connect',
    },
    {
      method: 'GET',
      path: '/auth2/old-store?email=ada%40example.com',
      body: undefined,
      api: 'connect',
    },
  ]);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Email or password is incorrect');
  expect(alert.parentElement!.firstElementChild).toBe(alert);
  for (const label of ['Email', 'Password']) {
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Email or password is incorrect'),
    );
    expect(field.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
  }
  expect(screen.getByLabelText('Email')).toHaveValue('Ada@Example.com');
  expect(screen.getByLabelText('Password')).toHaveValue('wrong-password-1');
  expect(document.querySelector('.ant-input-affix-wrapper')).toHaveClass('ant-input-status-error');
  expect(screen.getByLabelText('Email')).toHaveClass('ant-input-status-error');
  expect(button()).not.toHaveAttribute('aria-busy');
  expect(seededQueries()).toEqual([
    {
      queryKey: ['auth2', 'first-view-login'],
      data: { username: 'Ada@Example.com', ...wrongCredentials, legacy: false },
      dataUpdatedAt: expect.any(Number),
    },
  ]);
  expect(navigate).not.toHaveBeenCalled();
  expect(track).not.toHaveBeenCalled();

  // Typing again takes the message and the marks away, and the live form starts afresh.
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong-password-12' } });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  expect(seededQueries()).toEqual([]);
});

it('a right password: logged in, log_in tracked once, and the page goes to the safe `redirect`', async () => {
  loginPage();
  window.history.replaceState(null, '', '/login?redirect=%2Faccount%2Fresults');
  const api = server();
  open(api);
  fillIn('ada@example.com', 'right-password-1');
  fireEvent.click(button());
  await api.answer({ status: 200, body: { user: { email: 'ada@example.com' } } });
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/results', { replace: true }));
  expect(track).toHaveBeenCalledTimes(1);
  expect(track).toHaveBeenCalledWith('log_in', { method: 'password' });
  expect(api.requests).toHaveLength(1);
});

it.each([
  ['another site', 'https://elsewhere.example/account'],
  ['an auth screen', '/signup'],
])('a `redirect` to %s is not followed: home instead', async (_what, redirect) => {
  loginPage();
  window.history.replaceState(null, '', `/login?${new URLSearchParams({ redirect })}`);
  const api = server();
  open(api);
  fillIn('ada@example.com', 'right-password-1');
  fireEvent.click(button());
  await api.answer({ status: 200, body: { user: { email: 'ada@example.com' } } });
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
});

it.each([
  ['a missing password', 'ada@example.com', ''],
  ['a malformed email', 'not-an-email', 'whatever-1'],
  ['no email', '', 'whatever-1'],
])(
  'with %s nothing is sent: the press is kept for the live form, which says what is missing',
  (_what, email, password) => {
    loginPage();
    const api = server();
    open(api);
    fillIn(email, password);
    fireEvent.click(button());
    expect(api.send).not.toHaveBeenCalled();
    expect(actionPending()).toBe(false);
    expect(takeFirstViewClicks()).toEqual([button()]);
  },
);

it.each([
  [
    'an account on the old store',
    [wrongCredentials, { status: 200, body: { legacy: true } }],
    { ...wrongCredentials, legacy: true },
  ],
  [
    'a rate limit',
    [{ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Wait a minute.' } } }],
    {
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Wait a minute.' } },
      legacy: null,
    },
  ],
  ['no answer', [new Error('offline')], { status: null, body: null, legacy: null }],
])(
  '%s is handed to the live form: no alert drawn here, the press busy until the live form shows it, never replayed',
  async (_what, answers, handed) => {
    loginPage();
    const api = server();
    open(api);
    fillIn('legacy@example.com', 'old-password-1');
    fireEvent.click(button());
    for (const answer of answers) await api.answer(answer);
    await waitFor(() => expect(actionPending()).toBe(false));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(seededQueries()).toEqual([
      {
        queryKey: ['auth2', 'first-view-login'],
        data: { username: 'legacy@example.com', ...handed },
        dataUpdatedAt: expect.any(Number),
      },
    ]);
    // A second press is the same press: not sent, not kept.
    fireEvent.click(button());
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(takeFirstViewClicks()).toEqual([]);
  },
);

it('once the shell has taken over, a press is replayed on the live form as before', async () => {
  loginPage();
  const api = server();
  open(api);
  await closeFirstViewActions();
  fillIn('ada@example.com', 'right-password-1');
  fireEvent.click(button());
  expect(api.send).not.toHaveBeenCalled();
  expect(takeFirstViewClicks()).toEqual([button()]);
});

function signupPage(): void {
  drawPage(
    '/signup',
    `<section class="acc-card"><h1 tabindex="-1">Create your account</h1><p class="acc-lead">Track your results.</p>
    <p role="status" class="acc-status"></p>
    <div><form method="post" novalidate>
      <label for="name">Full name</label><input id="name">
      <label for="email">Email</label><input id="email" type="email">
      <label for="password">Password</label><input id="password" type="password">
      <label><input id="hasKit" type="checkbox"> I already have a test kit</label>
      <button type="submit" data-first-view-action="signup"><span>Create account</span></button>
    </form><p class="acc-links">Already registered? <a href="/login">Log in</a></p></div>
    <template data-first-view-template="signup-check-email" data-title="Check your email" data-lead="One more step: confirm that this email is yours."><p role="status" class="acc-status">We sent an email<!-- --> to <strong>@</strong>. Open the link in it.</p><p class="acc-muted">The link works once.</p><button type="button">Send the email again</button><p class="acc-links"><button type="button">Use a different email</button></p></template>
    </section>`,
  );
}

// Hidden once "check your email" shows (the form is kept for a resend).
const createAccount = () => screen.getByRole('button', { name: 'Create account', hidden: true });

function fillInSignup(name: string, email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Full name'), { target: { value: name } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('"Create account"', () => {
  it('sends the sign-up once, as the live form does, then shows "check your email" with the address it went to; the answer is handed to the live page', async () => {
    signupPage();
    window.history.replaceState(null, '', '/signup?redirect=%2Fcheckout');
    const api = server();
    open(api);
    fillInSignup('New Shopper', 'new@example.com', 'a-good-password-1');
    fireEvent.click(createAccount());
    expect(createAccount()).toHaveAttribute('aria-busy', 'true');
    expect(takeFirstViewClicks()).toEqual([]);
    await api.answer({ status: 202, body: { email: 'new@example.com' } });
    await waitFor(() => expect(actionPending()).toBe(false));

    expect(api.requests).toEqual([
      {
        method: 'POST',
        path: '/auth2/signup',
        body: {
          name: 'New Shopper',
          email: 'new@example.com',
          password: 'a-good-password-1',
          kitID: null,
          sessionId: 'session-1',
          redirect: '/checkout',
        },
        api: 'connect',
      },
    ]);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Check your email');
    expect(heading).toHaveFocus();
    expect(document.querySelector('.acc-lead')).toHaveTextContent(
      'One more step: confirm that this email is yours.',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent an email to new@example.com. Open the link in it.',
    );
    expect(screen.getByRole('button', { name: 'Send the email again' })).toBeVisible();
    // The form is kept, hidden, with its values: the live page keeps it too, for a resend.
    expect(document.querySelector('form')!.parentElement).toHaveAttribute('hidden');
    expect(screen.getByLabelText('Password')).toHaveValue('a-good-password-1');
    expect(createAccount()).not.toHaveAttribute('aria-busy');
    expect(seededQueries()).toEqual([
      {
        queryKey: ['auth2', 'first-view-signup'],
        data: { status: 202, body: { email: 'new@example.com' } },
        dataUpdatedAt: expect.any(Number),
      },
    ]);
    expect(track).not.toHaveBeenCalled();
  });

  it('sends the way back as the live form does: /account unless a safe `redirect` says otherwise', async () => {
    signupPage();
    window.history.replaceState(null, '', '/signup?redirect=https%3A%2F%2Felsewhere.example%2F');
    const api = server();
    open(api);
    fillInSignup('New Shopper', 'new@example.com', 'a-good-password-1');
    fireEvent.click(createAccount());
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.body).toMatchObject({ redirect: '/account' });
  });

  it.each([
    ['no name', '  ', 'new@example.com', 'a-good-password-1'],
    ['a malformed email', 'New Shopper', 'new@', 'a-good-password-1'],
    ['a password the policy refuses', 'New Shopper', 'new@example.com', 'short'],
    ['no password', 'New Shopper', 'new@example.com', ''],
  ])(
    'with %s nothing is sent: the press is kept for the live form, which says what is wrong',
    (_what, name, email, password) => {
      signupPage();
      const api = server();
      open(api);
      fillInSignup(name, email, password);
      fireEvent.click(createAccount());
      expect(api.send).not.toHaveBeenCalled();
      expect(takeFirstViewClicks()).toEqual([createAccount()]);
    },
  );

  it('with "I already have a test kit" ticked the press is kept: the kit ID is asked for on the live form', () => {
    signupPage();
    const api = server();
    open(api);
    fillInSignup('New Shopper', 'new@example.com', 'a-good-password-1');
    fireEvent.click(screen.getByLabelText('I already have a test kit'));
    takeFirstViewClicks();
    fireEvent.click(createAccount());
    expect(api.send).not.toHaveBeenCalled();
    expect(takeFirstViewClicks()).toEqual([createAccount()]);
  });

  it.each([
    [
      'a rate limit',
      { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Wait a minute.' } } },
      { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Wait a minute.' } } },
    ],
    ['no answer', new Error('offline'), { status: null, body: null }],
  ])(
    '%s is handed to the live page: the screen stays, the press busy until the live page shows it, never replayed',
    async (_what, answer, handed) => {
      signupPage();
      const api = server();
      open(api);
      fillInSignup('New Shopper', 'new@example.com', 'a-good-password-1');
      fireEvent.click(createAccount());
      await api.answer(answer);
      await waitFor(() => expect(actionPending()).toBe(false));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account');
      expect(createAccount()).toHaveAttribute('aria-busy', 'true');
      expect(seededQueries()).toEqual([
        {
          queryKey: ['auth2', 'first-view-signup'],
          data: handed,
          dataUpdatedAt: expect.any(Number),
        },
      ]);
      fireEvent.click(createAccount());
      expect(api.requests).toHaveLength(1);
      expect(takeFirstViewClicks()).toEqual([]);
    },
  );
});
