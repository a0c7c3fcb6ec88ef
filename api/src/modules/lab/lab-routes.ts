// The lab's HTTP routes. Clinicians (a role beside operator) see results held for a critical value
// and release them; operators see the queue of messages no activated kit matched. Either route
// answers anyone else exactly as a path that does not exist.
import { errorBodySchema } from '@shop/shared/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { sendNotFound } from '../../plugins/infrastructure/error-handler';
import { findSessionByToken } from '../../repositories/sessions-repository';
import { resolveOperator } from '../../routes/operations/operator-guard';
import { labDepsOf } from './deps';
import { listCurrentObservations, listHeldReports, listQueuedLabMessages } from './lab-queries';
import { releaseHeldReport } from './lab-service';

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

/** Every lab route, registered by the API's route list. */
export const labRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(labClinicianRoutes);
  await app.register(labOperatorRoutes);
};
