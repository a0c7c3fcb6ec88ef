import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormInstance } from 'antd/es/form';
import type { ApiError } from '@shop/shared/http/api-error';
import { useShell } from '@shop/shared/federation/remote-root';
import { applyApiFieldErrors, friendlyMessage } from '../../shared/forms/api-form-errors';
import { useRedirectTarget } from '../../shared/hooks/use-redirect-target';
import { useSignup } from '../api/signup';

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  hasKit?: boolean;
  kitID?: string;
}

/** Signs up (which logs in), refreshes the shell's user and goes on to `redirect` or the account page. */
export function useSignupFlow(form: FormInstance<SignupValues>) {
  const { userContext, notify } = useShell();
  const navigate = useNavigate();
  const target = useRedirectTarget('/account');
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: SignupValues) {
    setBusy(true);
    setError(null);
    try {
      await signup.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        kitID: values.hasKit ? values.kitID?.trim() || null : null,
        sessionId: userContext.sessionId,
      });
    } catch (caught) {
      const apiError = caught as ApiError;
      const onFields = applyApiFieldErrors(form, apiError, {
        name: 'name',
        email: 'email',
        password: 'password',
        kitID: 'kitID',
      });
      if (!onFields) setError(friendlyMessage(apiError));
      setBusy(false);
      return;
    }
    await userContext.refresh();
    notify.success('Welcome to Bloodwise', 'Your account is ready and you are logged in.');
    navigate(target, { replace: true });
  }

  return { submit, busy, error };
}
