import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { SignupBody } from '@shop/shared/contract/auth';
import type { ApiError } from '@shop/shared/http/api-error';
import { useShell } from '@shop/shared/federation/remote-root';
import {
  FIRST_VIEW_SIGNUP_QUERY_KEY,
  type FirstViewSignupAnswer,
} from '@shop/shared/ssr/first-view-auth';
import { applyApiFieldErrors, friendlyMessage } from '../../shared/forms/api-form-errors';
import {
  handedError,
  isHandedSuccess,
  useFirstViewAnswer,
} from '../../shared/hooks/use-first-view-answer';
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

const SIGNUP_FIELDS = {
  name: 'name',
  email: 'email',
  password: 'password',
  kitID: 'kitID',
} as const;

/** The form's message for a refused sign-up; null when the API's words belong on its fields. */
const messageOf = (error: ApiError) =>
  Object.keys(error.fields).some((path) => path in SIGNUP_FIELDS) ? null : friendlyMessage(error);

/** The email a handed-over sign-up went to, when it was accepted. */
function sentOf(handed: FirstViewSignupAnswer | undefined): SignupSent | null {
  const email = handed && isHandedSuccess(handed) && (handed.body as { email?: unknown }).email;
  return typeof email === 'string' ? { email, resentAt: null } : null;
}

/**
 * Sends the sign-up. The server answers the same whether or not the email has an account, and
 * the account exists only once the emailed link is opened, so success means "check your email".
 * Sending again posts the same sign-up (a fresh link; the earlier one still works). A sign-up the
 * first view sent already is not sent again: the page starts from its answer, and the values it
 * was sent with are the form's (carried over from the first view), so the form is kept.
 */
export function useSignupFlow(form: FormInstance<SignupValues>) {
  const { userContext } = useShell();
  // Kept with the sign-up, so the emailed link lands where the shopper was headed.
  const redirect = useRedirectTarget('/account');
  const signup = useSignup();
  const handed = useFirstViewAnswer<FirstViewSignupAnswer>(FIRST_VIEW_SIGNUP_QUERY_KEY);
  const [sent, setSent] = useState<SignupSent | null>(() => sentOf(handed));
  const [error, setError] = useState<string | null>(() =>
    handed && !isHandedSuccess(handed) ? messageOf(handedError(handed)) : null,
  );
  const lastBody = useRef<SignupBody | null>(null);

  useEffect(() => {
    if (handed && !isHandedSuccess(handed))
      applyApiFieldErrors(form, handedError(handed), SIGNUP_FIELDS);
  }, [handed, form]);

  const bodyOf = (values: SignupValues): SignupBody => ({
    name: values.name,
    email: values.email,
    password: values.password,
    kitID: values.hasKit ? values.kitID?.trim() || null : null,
    sessionId: userContext.sessionId,
    redirect,
  });

  async function submit(values: SignupValues) {
    const body = bodyOf(values);
    setError(null);
    try {
      const { email } = await signup.mutateAsync(body);
      lastBody.current = body;
      setSent({ email, resentAt: null });
    } catch (caught) {
      const apiError = caught as ApiError;
      if (!applyApiFieldErrors(form, apiError, SIGNUP_FIELDS)) setError(friendlyMessage(apiError));
    }
  }

  async function resend() {
    // Sent from the first view: its values are the form's.
    const body = lastBody.current ?? (handed ? bodyOf(form.getFieldsValue(true)) : null);
    if (!body) return;
    setError(null);
    try {
      const { email } = await signup.mutateAsync(body);
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

  return {
    submit,
    resend,
    changeEmail,
    sent,
    // The form holds what a sign-up sent from the first view was sent with: kept (hidden) for a resend.
    keepsForm: handed !== undefined,
    busy: signup.isPending,
    error,
  };
}
