import {
  authUserResponseSchema,
  loginBodySchema,
  logoutResponseSchema,
  oldStoreQuerySchema,
  oldStoreResponseSchema,
  RESET_LINK_TTL_MINUTES,
  RESET_PASSWORD_PAGE_PATH,
  resetPasswordBodySchema,
  resetPasswordCallbackBodySchema,
  resetPasswordCallbackResponseSchema,
  resetLinkQuerySchema,
  resetLinkResponseSchema,
  resetPasswordResponseSchema,
} from '@shop/shared/contract/auth';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  consumeResetLink,
  createResetLink,
  invalidateUserResetLinks,
  resetLinkProblem,
} from '../../repositories/reset-links-repository';
import { deleteUserSessions } from '../../repositories/sessions-repository';
import {
  findUserByEmail,
  findUserById,
  setUserPassword,
} from '../../repositories/users-repository';
import { mergeCartsOnLogin } from '../../services/cart/cart-session';
import { claimGuestOrders } from '../../repositories/account-orders-repository';
import { toCurrentUser } from '../../services/account/current-user';
import {
  clearLoginFailures,
  loginWaitMs,
  noteLoginFailure,
  type LoginAllowance,
} from '../../services/account/login-throttle';
import { passwordResetEmail } from '../../services/mail/templates';
import { AUTH_ERROR_RESPONSES, authRateLimit, tooManyAttempts } from './auth-route-options';

const INVALID_CREDENTIALS = 'Email or password is incorrect';

const RESET_LINK_ERRORS = {
  unknown: new AppError(
    400,
    'RESET_LINK_UNKNOWN',
    'This reset link is not valid. Request a new one.',
  ),
  used: new AppError(
    400,
    'RESET_LINK_USED',
    'This reset link was already used. Request a new one.',
  ),
  expired: new AppError(
    400,
    'RESET_LINK_EXPIRED',
    'This reset link has expired. Request a new one.',
  ),
} as const;

/** Log-in, log-out and password reset (connect client, /auth2); sign-up is in signup-routes. */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rateLimit = authRateLimit(config);

  app.post(
    API_PATHS.login,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Log in with an email and a password',
        operationId: 'logIn',
        body: loginBodySchema,
        response: { 200: authUserResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await findUserByEmail(db, username);
      // Per account, across instances; the same for an email with no account. A browser that
      // logged in to this account before counts on its own allowance, which guessers cannot use up.
      const device = user ? app.deviceCookies.read(request, user.id) : null;
      const allowance: LoginAllowance =
        user && device ? { userId: user.id, device } : { email: username };
      const waitMs = await loginWaitMs(db, allowance);
      if (waitMs > 0) throw tooManyAttempts(reply, waitMs, 'log-in attempts for this email');
      let valid = false;
      if (user?.password_hash) valid = await app.passwords.verify(user.password_hash, password);
      // Same work as a real check, so timing does not tell which emails have accounts.
      else await app.passwords.verifyNothing(password);
      if (!user || !valid) {
        await noteLoginFailure(db, allowance);
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await clearLoginFailures(db, allowance);
      app.deviceCookies.issue(reply, user.id);
      await app.sessions.start(request, reply, user.id);
      await mergeCartsOnLogin(db, request, user.id);
      // Orders this account's (proven) e-mail placed as a guest join its order history.
      await claimGuestOrders(db, user.id, user.email);
      return { user: toCurrentUser(user) };
    },
  );

  app.post(
    API_PATHS.logout,
    {
      schema: {
        tags: ['account'],
        summary: 'Log out: end the session',
        operationId: 'logOut',
        response: { 200: logoutResponseSchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.resetPassword,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Email a password-reset link',
        operationId: 'requestPasswordReset',
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user) {
        // Queued with the link in one transaction; the sender delivers after this answer, so a
        // slow mail server does not make known emails answer slower.
        await db.transaction().execute(async (trx) => {
          const { linkId } = await createResetLink(trx, {
            userId: user.id,
            ttlMs: RESET_LINK_TTL_MINUTES * 60 * 1000,
          });
          const link = `${config.publicOrigin}${RESET_PASSWORD_PAGE_PATH}?linkId=${encodeURIComponent(linkId)}`;
          await app.mailQueue.enqueue(
            trx,
            passwordResetEmail({
              to: user.email,
              name: user.name,
              link,
              ttlMinutes: RESET_LINK_TTL_MINUTES,
            }),
          );
        });
        app.mailQueue.wake();
      }
      // The same answer either way, so the form does not reveal who has an account.
      return { ok: true as const };
    },
  );

  app.get(
    API_PATHS.resetPasswordLink,
    {
      config: { rateLimit, privateResponse: true },
      schema: {
        tags: ['account'],
        summary: 'Check that a password-reset link still works',
        operationId: 'checkResetLink',
        description:
          'Whether an emailed reset link still works, for the reset page to say so when it opens. Reads only: the link stays usable. The answer is about the link, never about an account.',
        querystring: resetLinkQuerySchema,
        response: { 200: resetLinkResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const problem = await resetLinkProblem(db, request.query.linkId);
      if (problem) throw RESET_LINK_ERRORS[problem];
      return { usable: true as const };
    },
  );

  app.post(
    API_PATHS.resetPasswordCallback,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Set a new password through a reset link',
        operationId: 'resetPassword',
        body: resetPasswordCallbackBodySchema,
        response: { 200: resetPasswordCallbackResponseSchema, ...AUTH_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { linkId, password } = request.body;
      // Hash first: argon2 is slow and must not hold the transaction (PGlite has one connection).
      const passwordHash = await app.passwords.hash(password);
      const result = await db.transaction().execute(async (trx) => {
        const claimed = await consumeResetLink(trx, linkId);
        if (claimed.status !== 'ok') return claimed;
        await setUserPassword(trx, claimed.userId, passwordHash);
        await invalidateUserResetLinks(trx, claimed.userId);
        // Anyone holding the old password's sessions is logged out.
        await deleteUserSessions(trx, claimed.userId);
        return { ...claimed, user: await findUserById(trx, claimed.userId) };
      });
      if (result.status !== 'ok') throw RESET_LINK_ERRORS[result.status];
      // The emailed link proved the owner: a throttle others ran up on the account ends here.
      if (result.user) await clearLoginFailures(db, { email: result.user.email });
      return { ok: true as const };
    },
  );

  app.get(
    API_PATHS.oldStore,
    {
      schema: {
        tags: ['account'],
        summary: "Whether an email's account came from the old store",
        operationId: 'isOldStoreAccount',
        querystring: oldStoreQuerySchema,
        response: { 200: oldStoreResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.query.email);
      return { legacy: user?.legacy_store === true };
    },
  );
};
