import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormInstance } from 'antd/es/form';
import type { LoginBody } from '@shop/shared/contract/auth';
import { logInEvent } from '@shop/shared/analytics/ga4';
import type { ApiError } from '@shop/shared/http/api-error';
import { useShell } from '@shop/shared/federation/remote-root';
import { applyApiFieldErrors, friendlyMessage } from '../../shared/forms/api-form-errors';
import { useRedirectTarget } from '../../shared/hooks/use-redirect-target';
import { useLoginWithPassword } from '../api/login-with-password';
import { useIsLegacyAccount } from '../api/old-store';

export type LoginFailure =
  /** Email or password is wrong; which one is never said. */
  | { kind: 'credentials' }
  /** The account is on the old store and needs a password set here first. */
  | { kind: 'legacy'; email: string }
  | { kind: 'other'; message: string };

/**
 * Logs in, then refreshes the shell's user, tracks log_in and returns to the same-origin
 * `redirect` (or '/'). A refused log-in first asks whether the account is on the old store.
 */
export function useLogin(form: FormInstance<LoginBody>) {
  const { userContext, track } = useShell();
  const navigate = useNavigate();
  const target = useRedirectTarget('/');
  const login = useLoginWithPassword();
  const isLegacyAccount = useIsLegacyAccount();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function explain(error: ApiError, email: string): Promise<LoginFailure | null> {
    if (error.code === 'INVALID_CREDENTIALS') {
      const legacy = await isLegacyAccount(email).catch(() => false);
      return legacy ? { kind: 'legacy', email: email.trim() } : { kind: 'credentials' };
    }
    if (applyApiFieldErrors(form, error, { username: 'username', password: 'password' }))
      return null;
    return { kind: 'other', message: friendlyMessage(error) };
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
