// "Log in" and "Create account" on their pages' first views, done by the first script
// (first-view-actions.ts), each one POST as the live form sends it, and only when the live form's
// own checks pass (else the press is replayed on it, and it says what is missing).
// Log-in: logged in, the page goes where the live form goes; a wrong email or password shows the
// live form's alert from the server's template. Sign-up: accepted, the page shows "check your
// email" from the server's template. Any other answer (an account on the old store, a rate limit,
// a field the API refused, no answer) is handed to the live page, which shows it as its own. The
// live page starts from the answer either way: nothing is sent twice.
import { logInEvent } from '@shop/shared/analytics/ga4';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import { validEmailOf } from '@shop/shared/rules/email-address';
import { hasForbiddenCharacters } from '@shop/shared/rules/forbidden-characters';
import { passwordProblem } from '@shop/shared/rules/password-policy';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';
import {
  FIRST_VIEW_LOGIN_QUERY_KEY,
  FIRST_VIEW_SIGNUP_QUERY_KEY,
  FIRST_VIEW_TEMPLATE_ATTRIBUTE,
  LOGIN_CREDENTIALS_TEMPLATE,
  SIGNUP_CHECK_EMAIL_TEMPLATE,
  type FirstViewLoginAnswer,
  type FirstViewSignupAnswer,
} from '@shop/shared/ssr/first-view-auth';
import {
  defineFirstViewAction,
  FirstViewRequestError,
  SHOWN_BY_LIVE_PAGE,
  type FirstViewAction,
  type FirstViewActionContext,
} from './first-view-actions';

/** The answer goes where the live page reads it (null: there is none to hand over any more). */
function handOver<T>(
  context: FirstViewActionContext,
  queryKey: readonly string[],
  answer: T | null,
): void {
  const key = JSON.stringify(queryKey);
  context.updateQueries((queries) => [
    ...queries.filter((query) => JSON.stringify(query.queryKey) !== key),
    ...(answer ? [{ queryKey: [...queryKey], data: answer, dataUpdatedAt: Date.now() }] : []),
  ]);
}

/** The nodes of a template the server drew into `root` for this script (none: not drawn). */
function templateOf(root: ParentNode, name: string): HTMLTemplateElement | null {
  return root.querySelector<HTMLTemplateElement>(
    `template[${FIRST_VIEW_TEMPLATE_ATTRIBUTE}="${name}"]`,
  );
}

/** Where the page was headed, kept if it stays on this site and is not an auth screen. */
function redirectTarget(doc: Document, fallback: string): string {
  const redirect = new URLSearchParams(doc.location.search).get('redirect');
  return safeAfterAuthRedirect(redirect, doc.location.origin, fallback);
}

/** The answer's API error code, if it has one. */
const errorCode = (body: unknown) =>
  (body as { error?: { code?: unknown } } | null)?.error?.code ?? null;

/** Marks both fields as the live form does for wrong credentials, or takes the marks away. */
function markFields(fields: HTMLInputElement[], alertId: string | null): void {
  for (const field of fields) {
    // antd marks the box that draws the border: the password's wrapper, the email's input.
    const box = field.closest('.ant-input-affix-wrapper') ?? field;
    box.classList.toggle('ant-input-status-error', alertId !== null);
    field.closest('.ant-form-item')?.classList.toggle('ant-form-item-has-error', alertId !== null);
    if (alertId === null) {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    } else {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', alertId);
    }
  }
}

/** The live form's alert for a wrong email or password, first in the form, fields marked. */
function showCredentialsAlert(form: HTMLFormElement, fields: HTMLInputElement[]): boolean {
  const alert = templateOf(form, LOGIN_CREDENTIALS_TEMPLATE)?.content.firstElementChild?.cloneNode(
    true,
  );
  if (!(alert instanceof HTMLElement)) return false;
  form.prepend(alert);
  markFields(fields, alert.id || null);
  // As the live form: changing what was sent takes the message away.
  form.addEventListener(
    'input',
    () => {
      alert.remove();
      markFields(fields, null);
    },
    { once: true },
  );
  return true;
}

/**
 * "Log in" (its click, or Enter's): sent only when the live form's own checks pass (an email, a
 * password); otherwise the press is replayed on the live form, which says what is missing.
 */
const logIn: FirstViewAction = (control, context) => {
  const form = control.closest('form');
  const username = form?.querySelector<HTMLInputElement>('input#username');
  const password = form?.querySelector<HTMLInputElement>('input#password');
  if (!form || !username || !password) return null;
  if (!validEmailOf(username.value) || password.value === '') return null;
  const body = { username: username.value, password: password.value };
  const fields = [username, password];
  // A message from an earlier try goes as the new one is sent (the live form clears it too).
  form.querySelector(':scope > [role="alert"]')?.remove();
  markFields(fields, null);
  return async () => {
    const refused: FirstViewLoginAnswer = {
      username: body.username,
      status: null,
      body: null,
      legacy: null,
    };
    try {
      await context.send('POST', FIRST_VIEW_PATHS.login, body, 'connect');
    } catch (error) {
      // No answer at all (the connection failed) is handed over as such.
      if (error instanceof FirstViewRequestError)
        Object.assign(refused, { status: error.status, body: error.body });
      if (errorCode(refused.body) !== 'INVALID_CREDENTIALS') {
        handOver(context, FIRST_VIEW_LOGIN_QUERY_KEY, refused);
        return SHOWN_BY_LIVE_PAGE;
      }
      // The live form asks this after every wrong password: such an account needs a new password.
      const email = validEmailOf(body.username) ?? '';
      const oldStore = await context
        .send<{ legacy?: unknown }>(
          'GET',
          `${FIRST_VIEW_PATHS.oldStore}?${new URLSearchParams({ email })}`,
          undefined,
          'connect',
        )
        .catch(() => null);
      const legacy = oldStore?.legacy === true;
      handOver(context, FIRST_VIEW_LOGIN_QUERY_KEY, { ...refused, legacy });
      if (legacy || !showCredentialsAlert(form, fields)) return SHOWN_BY_LIVE_PAGE;
      // Typed again before the live form took over: that form starts from the new values.
      form.addEventListener('input', () => handOver(context, FIRST_VIEW_LOGIN_QUERY_KEY, null), {
        once: true,
      });
      return;
    }
    const { event, ...params } = logInEvent('password');
    context.track(event, params);
    context.navigate(redirectTarget(context.doc, '/'), { replace: true });
  };
};

/** The sign-up page's "check your email" screen, as the live page draws it, for `email`. */
function showCheckEmail(form: HTMLFormElement, email: string): boolean {
  const card = form.closest('section');
  const template = card && templateOf(card, SIGNUP_CHECK_EMAIL_TEMPLATE);
  const heading = card?.querySelector('h1');
  const lead = card?.querySelector('.acc-lead');
  const status = card?.querySelector(':scope > [role="status"]');
  const kept = form.parentElement;
  if (!template || !heading || !lead || !status || !kept || kept === card) return false;
  const [said, ...rest] = Array.from(template.content.cloneNode(true).childNodes);
  if (!(said instanceof Element)) return false;
  const address = said.querySelector('strong');
  if (address) address.textContent = email;
  status.replaceChildren(...Array.from(said.childNodes));
  heading.textContent = template.dataset.title ?? '';
  lead.textContent = template.dataset.lead ?? '';
  // The form stays (hidden): the live page keeps it too, with these values, for a resend.
  kept.hidden = true;
  kept.before(...rest);
  // As the live page: focus follows the change of screen.
  heading.focus();
  return true;
}

const field = (form: HTMLFormElement, id: string) =>
  form.querySelector<HTMLInputElement>(`input#${id}`);

/**
 * "Create account": sent only when the live form's own checks pass (a name, an email, a password
 * meeting the policy). A kit ID is asked for only once the live page runs: with the box ticked, the
 * press is replayed on it.
 */
const signUp: FirstViewAction = (control, context) => {
  const form = control.closest('form');
  if (!form) return null;
  const [name, email, password, hasKit] = ['name', 'email', 'password', 'hasKit'].map((id) =>
    field(form, id),
  );
  if (!name || !email || !password || !hasKit || hasKit.checked) return null;
  const trimmedName = name.value.trim();
  if (trimmedName === '' || trimmedName.length > 200 || hasForbiddenCharacters(name.value))
    return null;
  const address = validEmailOf(email.value);
  if (!address || hasForbiddenCharacters(password.value)) return null;
  if (passwordProblem(password.value, { email: email.value }) !== null) return null;
  const body = {
    name: name.value,
    email: email.value,
    password: password.value,
    kitID: null,
    sessionId: context.sessionId,
    redirect: redirectTarget(context.doc, '/account'),
  };
  return async () => {
    let answer: FirstViewSignupAnswer;
    try {
      const accepted = await context.send<unknown>(
        'POST',
        FIRST_VIEW_PATHS.signup,
        body,
        'connect',
      );
      answer = { status: 202, body: accepted };
    } catch (error) {
      answer =
        error instanceof FirstViewRequestError
          ? { status: error.status, body: error.body }
          : { status: null, body: null };
    }
    handOver(context, FIRST_VIEW_SIGNUP_QUERY_KEY, answer);
    const sentTo = (answer.body as { email?: unknown } | null)?.email;
    if (answer.status !== 202 || typeof sentTo !== 'string' || !showCheckEmail(form, sentTo))
      return SHOWN_BY_LIVE_PAGE;
  };
};

defineFirstViewAction('login', logIn);
defineFirstViewAction('signup', signUp);
