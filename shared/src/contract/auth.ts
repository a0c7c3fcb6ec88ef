import { z } from 'zod';
import { safeString } from './text';
import { emailInputSchema, emailSchema, sessionIdSchema, okSchema } from './common';
import { currentUserSchema } from './user';
// Password rules live in rules/password-policy, shared by the sign-up and reset forms and the server.
import { checkPassword, PASSWORD_MAX_LENGTH, passwordProblem } from '../rules/password-policy';

export const passwordSchema = safeString({ message: 'Please enter a password' }).superRefine(
  (password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  },
);

export const loginBodySchema = z.object({
  username: emailInputSchema,
  // Login never reveals the rules: any non-empty password is checked against the hash.
  password: safeString({ message: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authUserResponseSchema = z.object({ user: currentUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const signupBodySchema = z
  .object({
    email: emailInputSchema,
    name: safeString({ message: 'Please enter your name' })
      .trim()
      .min(1, 'Please enter your name')
      .max(200),
    kitID: safeString()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9-]*$/, 'A kit ID has letters, digits and dashes only')
      .nullish()
      .transform((value) => (value ? value : null)),
    password: passwordSchema,
    sessionId: sessionIdSchema.nullish(),
    // Where the confirmation link should land the shopper; the server keeps it only when it stays on the site.
    redirect: safeString().trim().max(2048).nullish(),
  })
  // The one rule that needs the email too.
  .superRefine((body, ctx) => {
    const emailRule = checkPassword(body.password, { email: body.email }).find(
      (rule) => rule.id === 'not-email',
    );
    if (emailRule && !emailRule.met)
      ctx.addIssue({ code: 'custom', path: ['password'], message: emailRule.message });
  });
export type SignupBody = z.input<typeof signupBodySchema>;

/**
 * 202 for every valid sign-up, whether or not the email already has an account: the account is
 * made only when the emailed link is opened, and an existing owner gets a different mail instead.
 */
export const signupResponseSchema = z.object({ email: emailSchema });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const signupConfirmBodySchema = z.object({
  token: safeString({ message: 'The confirmation link is missing its token' })
    .trim()
    .min(1, 'The confirmation link is missing its token')
    .max(200),
});
export type SignupConfirmBody = z.input<typeof signupConfirmBodySchema>;
/** The new account, now logged in, and the same-site path the sign-up asked to return to. */
export const signupConfirmResponseSchema = z.object({
  user: currentUserSchema,
  redirect: safeString(),
});
export type SignupConfirmResponse = z.infer<typeof signupConfirmResponseSchema>;

export const logoutResponseSchema = okSchema;

export const resetPasswordBodySchema = z.object({ email: emailInputSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = okSchema;

const resetLinkIdSchema = safeString({ message: 'The reset link is missing its id' })
  .trim()
  .min(1)
  .max(200);
export const resetPasswordCallbackBodySchema = z.object({
  linkId: resetLinkIdSchema,
  password: passwordSchema,
});

/** GET /auth2/reset-password/link?linkId: whether the emailed link still works, without using it. */
export const resetLinkQuerySchema = z.object({ linkId: resetLinkIdSchema });
export const resetLinkResponseSchema = z.object({ usable: z.literal(true) });
export type ResetPasswordCallbackBody = z.input<typeof resetPasswordCallbackBodySchema>;
export const resetPasswordCallbackResponseSchema = okSchema;

export const oldStoreQuerySchema = z.object({ email: emailInputSchema });
export const oldStoreResponseSchema = z.object({ legacy: z.boolean() });
export type OldStoreResponse = z.infer<typeof oldStoreResponseSchema>;

/** How long a reset link lives, and the path the emailed link opens on the site's origin. */
export const RESET_LINK_TTL_MINUTES = 60;
export const RESET_PASSWORD_PAGE_PATH = '/reset-password';

/** How long a sign-up confirmation link lives, and the page it opens. */
export const SIGNUP_CONFIRMATION_TTL_HOURS = 24;
export const SIGNUP_CONFIRM_PAGE_PATH = '/signup/confirm';
