import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import type { DatabaseHandle } from './db/open-database';
import { authPlugin } from './plugins/app/auth';
import { demoDataPlugin } from './plugins/app/demo-data';
import { servicesPlugin, type ServicesPluginOptions } from './plugins/app/services';
import { databasePlugin } from './plugins/infrastructure/database';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  sendFrameworkError,
} from './plugins/infrastructure/error-handler';
import { metricsPlugin } from './plugins/infrastructure/metrics';
import { openApiPlugin } from './plugins/infrastructure/openapi';
import { rateLimitPlugin } from './plugins/infrastructure/rate-limit';
import { privateResponsesPlugin } from './plugins/infrastructure/private-responses';
import { drainPlugin } from './plugins/infrastructure/drain';
import { generateRequestId, requestIdPlugin } from './plugins/infrastructure/request-id';
import { securityPlugin, type CspDirectives } from './plugins/infrastructure/security';
import { registerRoutes } from './routes';

export interface BuildAppOptions extends ServicesPluginOptions {
  /** An already open database (tests use a cloned PGlite or a per-file PostgreSQL database). */
  database?: DatabaseHandle;
  /** Pino options, or false for silence. Defaults to the configured level with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** false leaves Content-Security-Policy to the plugin that serves HTML. */
  contentSecurityPolicy?: CspDirectives | false;
  /** Serve /docs (default true). */
  openApi?: boolean;
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}

/**
 * Builds the API: infrastructure plugins, then app plugins (services, auth, demo data), then
 * one routes plugin per resource. The instance is returned registered but not ready or
 * listening, so more plugins (the site plugin) can be added before `ready()`/`listen()`.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // Opening the embedded database and migrating it can outlast Fastify's 10 s on a busy
    // machine; a real hang still ends the start, after a minute.
    pluginTimeout: 60_000,
    // Refusals made before routing (bad URL, over-long parameter, unparseable HTTP) answer in
    // our error shape too, not Fastify's.
    frameworkErrors: sendFrameworkError,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // Infrastructure
  await app.register(errorHandlerPlugin);
  await app.register(requestIdPlugin);
  await app.register(drainPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { contentSecurityPolicy: options.contentSecurityPolicy });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
  });
  await app.register(databasePlugin, { handle: options.database });
  await app.register(metricsPlugin);
  if (options.openApi !== false) await app.register(openApiPlugin);
  await app.register(privateResponsesPlugin);

  // App: services, sessions, demo data
  await app.register(servicesPlugin, options);
  // Counted in the database, so it comes after it and the clock; before any route.
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(demoDataPlugin);

  // Routes
  await registerRoutes(app);
  return app;
}
