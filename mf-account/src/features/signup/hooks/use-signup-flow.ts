import { useRef, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { SignupBody } from '@shop/shared/contract/auth';
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

/** The email the sign-up went to, and when it was last sent again (null: not resent). */
export interface SignupSent {
  email: string;
  resentAt: Date | null;
}

/**
 * Sends the sign-up. The server answers the same whether or not the email has an account, and
 * the account exists only once the emailed link is opened, so success means "check your email".
 * Sending again posts the same sign-up (a fresh link; the earlier one still works).
 */
export function useSignupFlow(form: FormInstance<SignupValues>) {
  const { userContext } = useShell();
  // Kept with the sign-up, so the emailed link lands where the shopper was headed.
  const redirect = useRedirectTarget('/account');
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SignupSent | null>(null);
  const lastBody = useRef<SignupBody | null>(null);

  async function submit(values: SignupValues) {
    const body: SignupBody = {
      name: values.name,
      email: values.email,
      password: values.password,
      kitID: values.hasKit ? values.kitID?.trim() || null : null,
      sessionId: userContext.sessionId,
      redirect,
    };
    setError(null);
    try {
      const { email } = await signup.mutateAsync(body);
      lastBody.current = body;
      setSent({ email, resentAt: null });
    } catch (caught) {
      const apiError = caught as ApiError;
      const onFields = applyApiFieldErrors(form, apiError, {
        name: 'name',
        email: 'email',
        password: 'password',
        kitID: 'kitID',
      });
      if (!onFields) setError(friendlyMessage(apiError));
    }
  }

  async function resend() {
    if (!lastBody.current) return;
    setError(null);
    try {
      const { email } = await signup.mutateAsync(lastBody.current);
      setSent({ email, resentAt: new Date() });
    } catch (caught) {
      setError(friendlyMessage(caught as ApiError));
    }
  }

  /** Back to the form (its values are kept) to correct the address. */
  function changeEmail() {
    setError(null);
    setSent(null);
  }

  return { submit, resend, changeEmail, sent, busy: signup.isPending, error };
}
