// "Log in" on the log-in page's first view, done by the first script (first-view-actions.ts): one
// POST of the credentials, as the live form sends them. Logged in, the page goes where the live form
// goes; a wrong email or password shows the live form's alert from the server's template. Any other
// answer (an account on the old store, a rate limit, a field the API refused, no answer) is handed
// to the live form, which shows it as its own: the log-in is never sent twice.
import { logInEvent } from '@shop/shared/analytics/ga4';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import { validEmailOf } from '@shop/shared/rules/email-address';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';
import {
  FIRST_VIEW_LOGIN_QUERY_KEY,
  FIRST_VIEW_TEMPLATE_ATTRIBUTE,
  LOGIN_CREDENTIALS_TEMPLATE,
  type FirstViewLoginAnswer,
} from '@shop/shared/ssr/first-view-login';
import {
  defineFirstViewAction,
  FirstViewRequestError,
  SHOWN_BY_LIVE_PAGE,
  type FirstViewAction,
  type FirstViewActionContext,
} from './first-view-actions';

const isAnswerKey = (queryKey: readonly unknown[]) =>
  JSON.stringify(queryKey) === JSON.stringify(FIRST_VIEW_LOGIN_QUERY_KEY);

/** The answer goes where the live form reads it (null: there is none to hand over any more). */
function handOver(context: FirstViewActionContext, answer: FirstViewLoginAnswer | null): void {
  context.updateQueries((queries) => [
    ...queries.filter((query) => !isAnswerKey(query.queryKey)),
    ...(answer
      ? [{ queryKey: [...FIRST_VIEW_LOGIN_QUERY_KEY], data: answer, dataUpdatedAt: Date.now() }]
      : []),
  ]);
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
  const template = form.querySelector<HTMLTemplateElement>(
    `template[${FIRST_VIEW_TEMPLATE_ATTRIBUTE}="${LOGIN_CREDENTIALS_TEMPLATE}"]`,
  );
  const alert = template?.content.firstElementChild?.cloneNode(true);
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
        handOver(context, refused);
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
      handOver(context, { ...refused, legacy });
      if (legacy || !showCredentialsAlert(form, fields)) return SHOWN_BY_LIVE_PAGE;
      // Typed again before the live form took over: that form starts from the new values.
      form.addEventListener('input', () => handOver(context, null), { once: true });
      return;
    }
    const { event, ...params } = logInEvent('password');
    context.track(event, params);
    const { location } = context.doc;
    const redirect = new URLSearchParams(location.search).get('redirect');
    context.navigate(safeAfterAuthRedirect(redirect, location.origin, '/'), { replace: true });
  };
};

defineFirstViewAction('login', logIn);
