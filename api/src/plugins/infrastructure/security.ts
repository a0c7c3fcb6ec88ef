import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../lib/app-error';
import { sessionCookieName } from '../app/session-cookie';

export type CspDirectives = Record<string, string[]>;

/**
 * The shop's Content-Security-Policy: the shell and the federated remotes load their scripts
 * and chunks from this origin only; antd's CSS-in-JS needs inline styles; partner images may
 * be https or data: URLs. Outside production, localhost dev servers may serve a remote (the
 * dev override).
 */
export function buildContentSecurityPolicy(config: AppConfig): CspDirectives {
  const devSources =
    config.nodeEnv === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*'];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...devSources],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...config.allowedOrigins, ...devSources],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a request came from: the Origin header, or the Referer's origin when Origin is absent. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    try {
      return new URL(referer).origin;
    } catch {
      return null;
    }
  }
  return null;
}

export interface SecurityPluginOptions {
  /** false leaves CSP to whoever serves the HTML (e.g. the site plugin). */
  contentSecurityPolicy?: CspDirectives | false;
}

/**
 * The headers helmet sends with these options. They are the same for every response, so they are
 * worked out once, on a throwaway instance: @fastify/helmet builds helmet's middleware again (and
 * parses the CSP again) on every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // Helmet writes onto the raw response before the handler runs: what is there is all of it.
  probe.get('/', async (_request, reply) => reply.raw.getHeaders());
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).json();
  } finally {
    await probe.close();
  }
}

/** Helmet headers, and the CSRF rule: a state-changing request with a session cookie must come from an allowed origin. */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const directives =
      options.contentSecurityPolicy === undefined
        ? buildContentSecurityPolicy(config)
        : options.contentSecurityPolicy;
    const headers = await helmetHeaders({
      contentSecurityPolicy: directives === false ? false : { useDefaults: false, directives },
      crossOriginEmbedderPolicy: false,
      hsts: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    const allowed = new Set(config.allowedOrigins);
    const cookieName = sessionCookieName(config);
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (!request.cookies?.[cookieName]) return;
      const origin = requestOrigin(request);
      if (!origin || !allowed.has(origin)) {
        throw new AppError(
          403,
          'CSRF_ORIGIN_REJECTED',
          'This request did not come from the shop, so it was refused.',
        );
      }
    });
  },
  { name: 'security', dependencies: ['@fastify/cookie'] },
);
