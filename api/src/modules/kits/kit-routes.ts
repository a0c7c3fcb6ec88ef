// The customer's kits (connect client, /kits): the list with timelines, activation, and a kit's
// barcode; and the kits job's handler. Only the kit's owner reaches a kit; anyone else gets the
// 404 of a missing id.
import { errorBodySchema } from '@shop/shared/contract/errors';
import {
  activateKitBodySchema,
  activateKitResultSchema,
  kitListSchema,
  kitParamsSchema,
} from '@shop/shared/contract/kits';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kitBarcodeSvg } from './kit-barcode';
import { handleKitJobs } from './kit-jobs';
import { activateKit, findAccountKit, listAccountKits } from './kit-service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Tries per account: enough for typos, far too few to walk a 2^50 code space. */
export const KIT_ACTIVATION_LIMIT = { max: 10, timeWindowMs: 15 * 60_000 };

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new Error('auth: required did not load a user');
  return request.user.id;
}

export const kitRoutes: FastifyPluginAsyncZod = async (app) => {
  // The domain comes in with one registration: its routes and the job that makes a paid order's
  // kits (the runner starts once the app is ready, after every handler is known).
  handleKitJobs(app.jobs, { db: app.db });

  app.get(
    API_PATHS.kits,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['kits'],
        summary: "The signed-in customer's kits: state, timeline and next step",
        operationId: 'listKits',
        response: { 200: kitListSchema, ...errors },
      },
    },
    async (request) => listAccountKits(app.db, userIdOf(request)),
  );

  app.post(
    API_PATHS.kitActivate,
    {
      config: {
        auth: 'required',
        privateResponse: true,
        // Per account (counted once the session is known), every try: right or wrong.
        rateLimit: {
          max: KIT_ACTIVATION_LIMIT.max,
          timeWindow: KIT_ACTIVATION_LIMIT.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `kit-activate:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['kits'],
        summary: 'Activate a kit for the person who takes the sample',
        operationId: 'activateKit',
        description:
          'Once per kit. The kit ID may be typed in any case, with hyphens or spaces; a malformed ID or one whose check character does not match is a 400 naming the field. An unknown ID and one already activated get the same 404. Tries are limited per account (429 with Retry-After).',
        body: activateKitBodySchema,
        response: { 200: activateKitResultSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => ({
      kit: await activateKit(app.db, userIdOf(request), request.body, app.clock.now()),
    }),
  );

  app.get(
    API_PATHS.kitBarcode,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['kits'],
        summary: "A kit's ID as an SVG barcode (Code 128, or a QR code opening /activate)",
        operationId: 'getKitBarcode',
        params: kitParamsSchema,
        querystring: z.object({ format: z.enum(['code128', 'qr']).default('code128') }),
        response: {
          200: {
            description: 'The barcode',
            content: { 'image/svg+xml': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const kit = await findAccountKit(app.db, userIdOf(request), request.params.id);
      const svg = kitBarcodeSvg(kit.code, request.query.format, app.config.publicOrigin);
      return reply.type('image/svg+xml').send(svg);
    },
  );
};
