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
  resetPasswordResponseSchema,
  signupBodySchema,
} from '@shop/shared/contract/auth';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  consumeResetLink,
  createResetLink,
  invalidateUserResetLinks,
} from '../../repositories/reset-links-repository';
import { deleteUserSessions } from '../../repositories/sessions-repository';
import { createUser, findUserByEmail, setUserPassword } from '../../repositories/users-repository';
import { mergeCartsOnLogin } from '../../services/cart-session';
import { toCurrentUser } from '../../services/current-user';
import { passwordResetEmail } from '../../services/mail/templates';

const INVALID_CREDENTIALS = 'Email or password is incorrect';
const EMAIL_TAKEN = 'An account with this email already exists. Log in or reset your password.';

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

/** Log-in, sign-up, log-out and password reset (connect client, /auth2). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rateLimit = {
    max: config.authRateLimit.max,
    timeWindow: config.authRateLimit.timeWindowMs,
  };
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    429: errorBodySchema,
  };

  app.post(
    API_PATHS.login,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        body: loginBodySchema,
        response: { 200: authUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await findUserByEmail(db, username);
      if (!user?.password_hash) {
        // Same work as a real check, so timing does not tell which emails have accounts.
        await app.passwords.verifyNothing(password);
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      if (!(await app.passwords.verify(user.password_hash, password))) {
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await app.sessions.start(request, reply, user.id);
      await mergeCartsOnLogin(db, request, user.id);
      return { user: toCurrentUser(user) };
    },
  );

  app.post(
    API_PATHS.signup,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        body: signupBodySchema,
        response: { 201: authUserResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (await findUserByEmail(db, body.email))
        throw new AppError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const passwordHash = await app.passwords.hash(body.password);
      const user = await createUser(db, {
        email: body.email,
        name: body.name,
        passwordHash,
        kitId: body.kitID,
        signupSessionId: body.sessionId ?? null,
      });
      // Two sign-ups raced: the unique index let one through.
      if (!user) throw new AppError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      await app.sessions.start(request, reply, user.id);
      await mergeCartsOnLogin(db, request, user.id, body.sessionId);
      return reply.code(201).send({ user: toCurrentUser(user) });
    },
  );

  app.post(
    API_PATHS.logout,
    {
      schema: { tags: ['account'], response: { 200: logoutResponseSchema, 403: errorBodySchema } },
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
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user) {
        const { linkId } = await createResetLink(db, {
          userId: user.id,
          ttlMs: RESET_LINK_TTL_MINUTES * 60 * 1000,
        });
        const link = `${config.publicOrigin}${RESET_PASSWORD_PAGE_PATH}?linkId=${encodeURIComponent(linkId)}`;
        await app.mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.name,
            link,
            ttlMinutes: RESET_LINK_TTL_MINUTES,
          }),
        );
      }
      // The same answer either way, so the form does not reveal who has an account.
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.resetPasswordCallback,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        body: resetPasswordCallbackBodySchema,
        response: { 200: resetPasswordCallbackResponseSchema, ...errors },
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
        return claimed;
      });
      if (result.status !== 'ok') throw RESET_LINK_ERRORS[result.status];
      return { ok: true as const };
    },
  );

  app.get(
    API_PATHS.oldStore,
    {
      schema: {
        tags: ['account'],
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
