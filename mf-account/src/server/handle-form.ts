// The account's plain form posts (pages that work without JavaScript): Log in maps to the one API
// call the live form makes; the site makes it as the visitor, passes the session cookie on and
// redirects (api/src/site/site-forms.ts). A refusal comes back as the answer the live form starts
// from, the same one the first view's script hands it (shared/src/ssr/first-view-auth.ts).
import type { QueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';
import {
  FIRST_VIEW_LOGIN_QUERY_KEY,
  type FirstViewLoginAnswer,
} from '@shop/shared/ssr/first-view-auth';
import {
  FORM_NAME_FIELD,
  type AreaFormHandler,
  type FormFlash,
} from '@shop/shared/ssr/server-form';
import { LOGIN_FORM, LOGIN_PATH } from '../features/login/login-form-name';

/** Resolves `?redirect=` as the live page does (its origin is never part of the answer). */
const ORIGIN = 'http://first-view.invalid';

export const handleForm: AreaFormHandler = ({ pathname, search, basename, fields }) => {
  if (basename !== '' || pathname.replace(/(.)\/+$/, '$1') !== LOGIN_PATH) return null;
  if (fields[FORM_NAME_FIELD] !== LOGIN_FORM) return null;
  const username = fields.username ?? '';
  const redirect = new URLSearchParams(search).get('redirect');
  return {
    form: LOGIN_FORM,
    call: {
      method: 'POST',
      path: API_PATHS.login,
      body: { username, password: fields.password ?? '' },
    },
    done: safeAfterAuthRedirect(redirect, ORIGIN, '/'),
    back: `${LOGIN_PATH}${search}`,
    // Never the password.
    keep: { username },
  };
};

/** Puts a refused log-in where the live form reads the first view's answer from. */
export function seedRefusedForm(queryClient: QueryClient, flash: FormFlash): void {
  if (flash.form !== LOGIN_FORM) return;
  const answer: FirstViewLoginAnswer = {
    username: flash.values?.username ?? '',
    status: flash.status,
    body: {
      error: {
        code: flash.code,
        message: flash.message,
        ...(flash.fieldErrors ? { fields: flash.fieldErrors } : {}),
      },
    },
    legacy: null,
  };
  queryClient.setQueryData(FIRST_VIEW_LOGIN_QUERY_KEY, answer);
}
