// The lab's HTTP routes. Clinicians (a role beside operator) see results held for a critical value
// and release them; operators see the queue of messages no activated kit matched. Either route
// answers anyone else exactly as a path that does not exist.
import { errorBodySchema } from '@shop/shared/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { sendNotFound } from '../../plugins/infrastructure/error-handler';
// eslint-disable-next-line no-restricted-imports -- the session check predates the module rule; it moves behind the accounts service (pending the module move, docs/decisions/api-module-boundaries.md)
import { findSessionByToken } from '../../repositories/sessions-repository';
import { resolveOperator } from '../../routes/operations/operator-guard';
import { labDepsOf } from './deps';
import { labBundleSchema, reportFromBundle, verifyLabSignature } from './fhir-bundle';
import { labConfigFromEnv } from './lab-config';
// eslint-disable-next-line no-restricted-imports -- written before the module rule; these reads move into lab-service (pending the module move, docs/decisions/api-module-boundaries.md)
import { listCurrentObservations, listHeldReports, listQueuedLabMessages } from './lab-queries';
import { applyLabReport, releaseHeldReport } from './lab-service';

export const LAB_PATHS = {
  held: '/api/v1/clinician/lab/held',
  release: '/api/v1/clinician/lab/reports/:kitId/release',
  queue: '/api/v1/ops/lab/queue',
  fhir: '/api/v1/lab/fhir',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const heldListSchema = z.object({
  reports: z.array(
    z.object({
      kitId: z.string(),
      kitCode: z.string(),
      heldReason: z.string().nullable(),
      collectedAt: z.string().nullable(),
      values: z.array(
        z.object({
          loinc: z.string(),
          name: z.string(),
          value: z.number().nullable(),
          valueText: z.string().nullable(),
          unit: z.string().nullable(),
          flag: z.string().nullable(),
          status: z.string(),
        }),
      ),
    }),
  ),
});

const queueSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      controlId: z.string(),
      channel: z.string(),
      kitCode: z.string(),
      kind: z.string(),
      reason: z.string().nullable(),
      receivedAt: z.string(),
    }),
  ),
});

const ERRORS = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } as const;

/** The signed-in clinician, or null (no session, another role, an odd cookie). */
async function clinicianOf(request: FastifyRequest) {
  const app = request.server;
  const cookie = request.cookies[app.sessions.cookieName];
  if (!cookie || cookie.length > 200) return null;
  const session = await findSessionByToken(app.db, cookie);
  if (!session || session.user.role !== 'clinician') return null;
  return { userId: session.user.id, name: session.user.email, via: 'console' as const };
}

export const labClinicianRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, privateResponse: true };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await clinicianOf(request))) return sendNotFound(request, reply);
  });

  app.get(
    LAB_PATHS.held,
    { schema: { hide: true, response: { 200: heldListSchema } } },
    async () => {
      const held = await listHeldReports(app.db);
      return {
        reports: await Promise.all(
          held.map(async (report) => ({
            kitId: report.kit_id,
            kitCode: report.kit_code,
            heldReason: report.held_reason,
            collectedAt: report.collected_at ? report.collected_at.toISOString() : null,
            values: (await listCurrentObservations(app.db, report.kit_id)).map((row) => ({
              loinc: row.loinc,
              name: row.name,
              value: row.value,
              valueText: row.value_text,
              unit: row.unit,
              flag: row.flag,
              status: row.status,
            })),
          })),
        ),
      };
    },
  );

  app.post(
    LAB_PATHS.release,
    {
      schema: {
        hide: true,
        params: z.object({ kitId: z.string().max(100) }),
        body: z.object({ note: z.string().trim().min(1).max(2000) }),
        response: { 200: z.object({ released: z.literal(true) }), ...ERRORS },
      },
    },
    async (request) => {
      const clinician = await clinicianOf(request);
      if (!clinician || !UUID.test(request.params.kitId)) throw notFound('No such held report');
      const outcome = await releaseHeldReport(
        labDepsOf(app),
        request.params.kitId,
        clinician,
        request.body.note,
      );
      if (outcome !== 'released') throw notFound('No such held report');
      return { released: true as const };
    },
  );
};

export const labOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, privateResponse: true };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await resolveOperator(app, request))) return sendNotFound(request, reply);
  });

  // The message text stays in the database: the queue says which kit and why, not the values.
  app.get(
    LAB_PATHS.queue,
    { schema: { hide: true, response: { 200: queueSchema } } },
    async () => ({
      messages: (await listQueuedLabMessages(app.db)).map((row) => ({
        id: row.id,
        controlId: row.control_id,
        channel: row.channel,
        kitCode: row.kit_code,
        kind: row.kind,
        reason: row.reason,
        receivedAt: row.received_at.toISOString(),
      })),
    }),
  );
};

// A bundle of 500 observations is well under this; anything larger is refused unread.
const FHIR_BODY_LIMIT = 1024 * 1024;

const fhirAnswerSchema = z.object({
  outcome: z.enum(['applied', 'queued']),
  reason: z.string().nullable(),
});

/**
 * The FHIR intake: a transaction Bundle signed by the lab (HMAC-SHA256 over the raw body with a
 * timestamp, like a payment webhook), checked on the raw bytes before anything parses them.
 * Without a configured secret the path does not exist.
 */
export const labFhirRoutes: FastifyPluginAsyncZod<{ secret?: string | null }> = async (
  app,
  options,
) => {
  const secret =
    options.secret !== undefined
      ? options.secret
      : labConfigFromEnv(process.env, app.config.nodeEnv).fhirSecret;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: FHIR_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  app.post(
    LAB_PATHS.fhir,
    {
      bodyLimit: FHIR_BODY_LIMIT,
      schema: {
        hide: true,
        response: {
          200: fhirAnswerSchema,
          202: fhirAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
      config: { privateResponse: true },
    },
    async (request, reply) => {
      if (!secret) return sendNotFound(request, reply);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-lab-signature'];
      if (
        !verifyLabSignature(
          secret,
          typeof header === 'string' ? header : undefined,
          raw,
          app.clock.now(),
        )
      )
        throw new AppError(
          401,
          'UNAUTHORIZED',
          'The X-Lab-Signature header does not sign this body',
        );
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, 'BAD_REQUEST', 'The body is not JSON');
      }
      const parsed = labBundleSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `Not a lab Bundle we take: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`.slice(
            0,
            300,
          ),
        );
      }
      const report = reportFromBundle(parsed.data);
      if ('problem' in report) throw new AppError(422, 'VALIDATION_ERROR', report.problem);
      const answer = await applyLabReport(labDepsOf(app), 'fhir', report, raw.toString('utf8'));
      if (answer.code === 'AA') return { outcome: 'applied' as const, reason: null };
      if (answer.reason?.startsWith('No activated kit'))
        return reply.code(202).send({ outcome: 'queued' as const, reason: answer.reason });
      throw new AppError(422, 'VALIDATION_ERROR', answer.reason ?? 'The bundle cannot be applied');
    },
  );
};

/** Every lab route, registered by the API's route list. */
export const labRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(labClinicianRoutes);
  await app.register(labOperatorRoutes);
  await app.register(labFhirRoutes);
};
