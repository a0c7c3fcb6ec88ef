import {
  RESET_PASSWORD_PAGE_PATH,
  SIGNUP_CONFIRM_PAGE_PATH,
  SIGNUP_CONFIRMATION_TTL_HOURS,
  signupBodySchema,
  signupConfirmBodySchema,
  signupConfirmResponseSchema,
  signupResponseSchema,
} from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  closeSignupAttempts,
  consumeSignupAttempt,
  countSignupAttemptsSince,
  createSignupAttempt,
} from '../../repositories/signup-attempts-repository';
import { claimGuestSubscriptions } from '../../repositories/subscriptions-repository';
import { claimGuestOrders } from '../../repositories/account-orders-repository';
import { createUser, findUserByEmail } from '../../repositories/users-repository';
import { mergeCartsOnLogin } from '../../services/cart/cart-session';
import { toCurrentUser } from '../../services/account/current-user';
import { signupConfirmationEmail, signupExistingAccountEmail } from '../../services/mail/templates';
import { AUTH_ERROR_RESPONSES, authRateLimit } from './auth-route-options';
import { claimKitAtSignup } from '../../modules/kits';

/** Where a confirmed sign-up lands when it asked for nowhere else. */
const ACCOUNT_PAGE = '/account';
const HOUR_MS = 60 * 60 * 1000;
/** Sign-up mails one address gets per hour at most, so the form cannot flood an inbox. */
export const SIGNUP_MAILS_PER_ADDRESS_PER_HOUR = 5;

const CONFIRMATION_LINK_ERRORS = {
  unknown: new AppError(
    400,
    'CONFIRMATION_LINK_UNKNOWN',
    'This confirmation link is not valid. Sign up again to get a new one.',
  ),
  used: new AppError(
    400,
    'CONFIRMATION_LINK_USED',
    'This confirmation link was already used. If your account is active, log in.',
  ),
  expired: new AppError(
    400,
    'CONFIRMATION_LINK_EXPIRED',
    'This confirmation link has expired. Sign up again to get a new one.',
  ),
} as const;

/**
 * Sign-up by emailed link (connect client, /auth2). The sign-up answers 202 the same way whether
 * or not the email has an account: a new address gets a confirmation link, an existing owner a
 * "someone tried to sign up" mail. The account exists, and logs in, only once the link is opened.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rateLimit = authRateLimit(config);

  app.post(
    API_PATHS.signup,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Sign up: email a confirmation link',
        operationId: 'signUp',
        body: signupBodySchema,
        response: { 202: signupResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = new Date();
      const owner = await findUserByEmail(db, body.email);
      // Both answers pay for one argon2 hash and the same writes, so neither the reply nor its
      // timing says whether the email has an account.
      const passwordHash = await app.passwords.hash(body.password);
      const redirect = safeAfterAuthRedirect(body.redirect, config.publicOrigin, ACCOUNT_PAGE);
      await db.transaction().execute(async (trx) => {
        const recent = await countSignupAttemptsSince(
          trx,
          body.email,
          new Date(now.getTime() - HOUR_MS),
        );
        const { token } = await createSignupAttempt(trx, {
          email: body.email,
          name: body.name,
          passwordHash: owner ? null : passwordHash,
          kitId: owner ? null : body.kitID,
          sessionId: owner ? null : (body.sessionId ?? null),
          redirect,
          ttlMs: SIGNUP_CONFIRMATION_TTL_HOURS * HOUR_MS,
          now,
        });
        if (recent >= SIGNUP_MAILS_PER_ADDRESS_PER_HOUR) return;
        const message = owner
          ? signupExistingAccountEmail({
              to: owner.email,
              name: owner.name,
              loginLink: `${config.publicOrigin}/login?redirect=${encodeURIComponent(redirect)}`,
              resetLink: `${config.publicOrigin}${RESET_PASSWORD_PAGE_PATH}`,
            })
          : signupConfirmationEmail({
              to: body.email,
              name: body.name,
              link: `${config.publicOrigin}${SIGNUP_CONFIRM_PAGE_PATH}?token=${encodeURIComponent(token)}`,
              ttlHours: SIGNUP_CONFIRMATION_TTL_HOURS,
            });
        await app.mailQueue.enqueue(trx, message);
      });
      app.mailQueue.wake();
      return reply.code(202).send({ email: body.email });
    },
  );

  app.post(
    API_PATHS.signupConfirm,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Open a sign-up link: create the account and log in',
        operationId: 'confirmSignUp',
        body: signupConfirmBodySchema,
        response: { 200: signupConfirmResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await db.transaction().execute(async (trx) => {
        const claimed = await consumeSignupAttempt(trx, request.body.token);
        if (claimed.status !== 'ok') return claimed;
        const { signup } = claimed;
        const user = await createUser(trx, {
          email: signup.email,
          name: signup.name,
          passwordHash: signup.passwordHash,
          kitId: signup.kitId,
          signupSessionId: signup.sessionId,
        });
        // Another link for this address was opened first: the account exists already.
        if (!user) return { status: 'used' as const };
        await closeSignupAttempts(trx, signup.email);
        // The confirmed e-mail owns the plans it bought as a guest.
        await claimGuestSubscriptions(trx, user.id, user.email);
        // And the orders (after the plans: a plan is claimed through its guest order).
        await claimGuestOrders(trx, user.id, user.email);
        // A kit ID typed at sign-up: the account holds that kit, to activate at /activate.
        await claimKitAtSignup(trx, user.id, signup.kitId);
        return { status: 'ok' as const, user, signup };
      });
      if (result.status !== 'ok') throw CONFIRMATION_LINK_ERRORS[result.status];
      await app.sessions.start(request, reply, result.user.id);
      await mergeCartsOnLogin(db, request, result.user.id, result.signup.sessionId);
      return { user: toCurrentUser(result.user), redirect: result.signup.redirect };
    },
  );
};
