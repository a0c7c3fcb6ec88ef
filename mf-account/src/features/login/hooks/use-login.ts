import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormInstance } from 'antd/es/form';
import type { LoginBody } from '@shop/shared/contract/auth';
import { logInEvent } from '@shop/shared/analytics/ga4';
import type { ApiError } from '@shop/shared/http/api-error';
import { useShell } from '@shop/shared/federation/remote-root';
import {
  FIRST_VIEW_LOGIN_QUERY_KEY,
  type FirstViewLoginAnswer,
} from '@shop/shared/ssr/first-view-auth';
import { applyApiFieldErrors, friendlyMessage } from '../../shared/forms/api-form-errors';
import { handedError, useFirstViewAnswer } from '../../shared/hooks/use-first-view-answer';
import { useRedirectTarget } from '../../shared/hooks/use-redirect-target';
import { useLoginWithPassword } from '../api/login-with-password';
import { useIsLegacyAccount } from '../api/old-store';

export type LoginFailure =
  /** Email or password is wrong; which one is never said. */
  | { kind: 'credentials' }
  /** The account is on the old store and needs a password set here first. */
  | { kind: 'legacy'; email: string }
  | { kind: 'other'; message: string };

const LOGIN_FIELDS = { username: 'username', password: 'password' } as const;

/** What the form says about a refused log-in; null when the API's words belong on its fields. */
function failureOf(error: ApiError, email: string, legacy: boolean): LoginFailure | null {
  if (error.code === 'INVALID_CREDENTIALS')
    return legacy ? { kind: 'legacy', email: email.trim() } : { kind: 'credentials' };
  if (Object.keys(error.fields).some((path) => path in LOGIN_FIELDS)) return null;
  return { kind: 'other', message: friendlyMessage(error) };
}

/**
 * Logs in, then refreshes the shell's user, tracks log_in and returns to the same-origin
 * `redirect` (or '/'). A refused log-in first asks whether the account is on the old store. A
 * log-in the first view sent already is not sent again: the form starts from its answer.
 */
export function useLogin(form: FormInstance<LoginBody>) {
  const { userContext, track } = useShell();
  const navigate = useNavigate();
  const target = useRedirectTarget('/');
  const login = useLoginWithPassword();
  const isLegacyAccount = useIsLegacyAccount();
  const handed = useFirstViewAnswer<FirstViewLoginAnswer>(FIRST_VIEW_LOGIN_QUERY_KEY);
  const [failure, setFailure] = useState<LoginFailure | null>(() =>
    handed ? failureOf(handedError(handed), handed.username, handed.legacy === true) : null,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (handed) applyApiFieldErrors(form, handedError(handed), LOGIN_FIELDS);
  }, [handed, form]);

  async function explain(error: ApiError, email: string): Promise<LoginFailure | null> {
    const legacy =
      error.code === 'INVALID_CREDENTIALS' && (await isLegacyAccount(email).catch(() => false));
    const failure = failureOf(error, email, legacy);
    if (!failure) applyApiFieldErrors(form, error, LOGIN_FIELDS);
    return failure;
  }

  async function submit(values: LoginBody) {
    setBusy(true);
    setFailure(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setFailure(await explain(error as ApiError, values.username));
      setBusy(false);
      return;
    }
    // The header and guarded pages read the shell's user query: refresh it before leaving.
    await userContext.refresh();
    const { event, ...params } = logInEvent('password');
    track(event, params);
    navigate(target, { replace: true });
  }

  return { submit, busy, failure, clearFailure: () => setFailure(null) };
}
