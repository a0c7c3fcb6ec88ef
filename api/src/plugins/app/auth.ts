import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/app-error';
import {
  createSession,
  deleteSessionByToken,
  extendSession,
  findSessionByToken,
} from '../../repositories/sessions-repository';
import { forgetBuyer } from '../../services/checkout/buyer';
import { createDeviceCookies, loadDeviceCookieKey } from '../../services/account/device-cookies';
import { sessionCookieName } from './session-cookie';

export interface SessionManager {
  readonly cookieName: string;
  /** Logs the user in: a fresh session (the old one, if any, is dropped) and its cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Logs out: deletes the session and clears its cookie and the buyer cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Loads request.user from the cookie (once per request). */
  load(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Sessions stored in the database, so any instance serves any request. The cookie holds a
 * 256-bit random token; the table holds only its SHA-256. Sessions slide: a request in the
 * second half of a session's life extends it.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    const cookieName = sessionCookieName(config);
    const ttlMs = config.sessionTtlHours * 60 * 60 * 1000;
    const loaded = new WeakSet<FastifyRequest>();

    const cookieOptions = (expires: Date) => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.secureCookies,
      path: '/',
      expires,
    });

    app.decorateRequest('user', null);

    const sessions: SessionManager = {
      cookieName,
      async start(request, reply, userId) {
        const previous = request.cookies[cookieName];
        if (previous) await deleteSessionByToken(db, previous);
        const session = await createSession(db, {
          userId,
          ttlMs,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        });
        reply.setCookie(cookieName, session.token, cookieOptions(session.expiresAt));
      },
      async end(request, reply) {
        const token = request.cookies[cookieName];
        if (token) await deleteSessionByToken(db, token);
        reply.clearCookie(cookieName, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
        });
        // The next person at a shared computer must not see this browser's orders either.
        forgetBuyer(reply, config);
        request.user = null;
      },
      async load(request, reply) {
        if (loaded.has(request)) return;
        loaded.add(request);
        const token = request.cookies[cookieName];
        if (!token || token.length > 200) return;
        const now = new Date();
        const session = await findSessionByToken(db, token, now);
        if (!session) {
          // A stale cookie: drop it so the browser stops sending it.
          reply.clearCookie(cookieName, { path: '/' });
          return;
        }
        request.user = session.user;
        if (session.expiresAt.getTime() - now.getTime() < ttlMs / 2) {
          const expiresAt = new Date(now.getTime() + ttlMs);
          await extendSession(db, session.idHash, expiresAt, now);
          reply.setCookie(cookieName, token, cookieOptions(expiresAt));
        }
      },
    };
    app.decorate('sessions', sessions);
    app.decorate(
      'deviceCookies',
      createDeviceCookies(await loadDeviceCookieKey(db), {
        path: API_PATHS.login,
        secure: config.secureCookies,
        now: () => app.clock.now(),
      }),
    );

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      await sessions.load(request, reply);
      if (!request.user) throw unauthorized();
    });

    // Routes opt in with `config: { auth: 'required' | 'optional' }`; others never touch the session table.
    app.addHook('onRequest', async (request, reply) => {
      const mode = request.routeOptions.config?.auth;
      if (!mode) return;
      await sessions.load(request, reply);
      if (mode === 'required' && !request.user) throw unauthorized();
    });
  },
  { name: 'auth', dependencies: ['database', 'services', '@fastify/cookie'] },
);
