import {
  customizationInputSchema,
  customizationParamsSchema,
  customizationSchema,
} from '@shop/shared/contract/customization';
import {
  partnerCreateBodySchema,
  partnerListSchema,
  partnerRemovedSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findCustomization,
  listCustomizations,
} from '../../repositories/customizations-repository';
import { OPS_ERRORS, operatorOf } from './operator-guard';

/**
 * Partners: bodies are checked by the public customization contract, and writes go through the
 * customization service (the one validated write path), which drops every instance's cached copy
 * over LISTEN/NOTIFY.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const opsPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (
    request: FastifyRequest,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
  ) =>
    recordAudit(app.db, {
      actor: operatorOf(request),
      action,
      target,
      before,
      after,
      requestId: request.id,
    });

  app.get(
    API_PATHS.opsPartners,
    { schema: { hide: true, response: { 200: partnerListSchema } } },
    async () => ({ partners: await listCustomizations(app.db) }),
  );

  app.get(
    API_PATHS.opsPartner,
    {
      schema: {
        hide: true,
        params: customizationParamsSchema,
        response: { 200: customizationSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const partner = await findCustomization(app.db, request.params.shopKey);
      if (!partner) throw notFound(`No partner named "${request.params.shopKey}"`);
      return partner;
    },
  );

  app.post(
    API_PATHS.opsPartners,
    {
      schema: {
        hide: true,
        body: partnerCreateBodySchema,
        response: { 201: customizationSchema, ...OPS_ERRORS },
      },
    },
    async (request, reply) => {
      const { shopKey, ...fields } = request.body;
      const saved = await app.customizations.create(shopKey, fields);
      if (!saved)
        throw new AppError(409, 'CONFLICT', `A partner named "${shopKey}" exists already`, {
          shopKey: 'This shop key is taken',
        });
      await audit(request, 'partner.create', shopKey, null, saved);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    API_PATHS.opsPartner,
    {
      schema: {
        hide: true,
        params: customizationParamsSchema,
        body: customizationInputSchema,
        response: { 200: customizationSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const { shopKey } = request.params;
      const before = await findCustomization(app.db, shopKey);
      const saved = await app.customizations.upsert(shopKey, request.body);
      await audit(request, before ? 'partner.update' : 'partner.create', shopKey, before, saved);
      return saved;
    },
  );

  app.delete(
    API_PATHS.opsPartner,
    {
      schema: {
        hide: true,
        params: customizationParamsSchema,
        response: { 200: partnerRemovedSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const { shopKey } = request.params;
      const removed = await app.customizations.remove(shopKey);
      if (!removed) throw notFound(`No partner named "${shopKey}"`);
      await audit(request, 'partner.remove', shopKey, removed, null);
      return { removed: shopKey };
    },
  );
};
