import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sessionCookieName } from '../app/session-cookie';

/** One tag per domain folder under routes/, in the order a reader meets them. */
const TAGS = [
  { name: 'account', description: 'Log-in, sign-up, password reset, saved cards and address.' },
  { name: 'catalog', description: 'Product offers, prices and page copy.' },
  { name: 'partners', description: "Partner storefronts' customization." },
  { name: 'cart', description: "The shopper's cart, kept on the server." },
  { name: 'checkout', description: 'Quotes, discounts, orders and business checkouts.' },
  { name: 'payments', description: 'Buy now, pay later consent.' },
  { name: 'upgrades', description: 'Add-ons offered and bought after an order.' },
  { name: 'orders', description: "The shopper's scheduled kits." },
  { name: 'kits', description: "The customer's kits: their timelines, activation and barcodes." },
  { name: 'results', description: 'Lab reports a customer uploads.' },
  { name: 'support', description: 'Messages for support.' },
  { name: 'analytics', description: 'Page views.' },
];

type SecurityRequirements = Array<Record<string, string[]>>;

/**
 * Who may call an operation, from the route's `config.auth`: a required session, an optional one
 * (the empty requirement means "or anonymously"), or nobody in particular.
 */
function securityOf(auth: FastifyContextConfig['auth']): SecurityRequirements {
  if (auth === 'required') return [{ sessionCookie: [] }];
  if (auth === 'optional') return [{ sessionCookie: [] }, {}];
  return [];
}

/**
 * The zod transform, plus two rules every route follows: a wildcard path (the site's file
 * catch-alls) has no operation a client could call by contract, so it is never published; and an
 * operation's security is the session its route asks for, unless the route declares its own.
 */
const transform: SwaggerTransform = (input) => {
  if (input.url.includes('*')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || schema.hide) return { schema, url };
  const config = input.route.config as FastifyContextConfig | undefined;
  return { schema: { security: securityOf(config?.auth), ...schema }, url };
};

/** OpenAPI generated from the same zod schemas the routes validate with, served at /docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Bloodwise shop API',
          description:
            'Connect (/auth2, /user, /impact, /kits), payments (/payments/stripe-subscriptions) and content (/api) calls.',
          version: '1.0.0',
        },
        tags: TAGS,
        servers: [{ url: app.config.publicOrigin, description: 'This shop' }],
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: sessionCookieName(app.config),
              description: 'The session a log-in starts (httpOnly; sent by the browser).',
            },
            operatorToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'ADMIN_TOKEN, for the operator writes registered when it is set.',
            },
            pageViewToken: {
              type: 'http',
              scheme: 'bearer',
              description: "The shell's runtime-config token for recording page views.",
            },
          },
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: API_PATHS.docs, staticCSP: true });
  },
  { name: 'openapi' },
);
