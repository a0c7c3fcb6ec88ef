import {
  CANARY_PATHS,
  canaryChangeSchema,
  canaryPromoteBodySchema,
  canaryStartBodySchema,
} from '@shop/shared/contract/ops-canary';
import { remoteParamsSchema } from '@shop/shared/contract/ops';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abortCanary,
  deployCanary,
  promoteCanary,
  type CanaryOutcome,
} from '../../releases/canary-releases';
import { ReleaseError } from '../../releases/releases';
import { LockTimeoutError } from '../../releases/registry-lock';
import { RegistryCorruptError } from '../../releases/registry';
import { findRemote, type RemoteDefinition } from '../../releases/remotes';
import { AppError, notFound } from '../../lib/app-error';
import { recordCanaryChange } from '../../services/releases/canary-audit';
import { operatorReleases } from '../../services/operations/releases-view';
import { OPS_ERRORS, operatorOf } from './operator-guard';

function remoteOf(spelling: string): RemoteDefinition {
  const remote = findRemote(spelling);
  if (!remote) throw notFound(`No remote named "${spelling}"`);
  return remote;
}

/** A refusal of the release code (no canary, a lower share, a busy lock) is a 409 with its words. */
async function asConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof ReleaseError ||
      error instanceof LockTimeoutError ||
      error instanceof RegistryCorruptError
    )
      throw new AppError(409, 'CONFLICT', error.message);
    throw error;
  }
}

function changeOf(outcome: CanaryOutcome) {
  const { elapsedMs: _elapsed, ...change } = outcome;
  return change;
}

/** Canary releases: the same code as `shop release`, with an audit row per change. */
export const opsCanaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const releasesFor = (request: FastifyRequest) => operatorReleases(app, operatorOf(request).name);
  const now = () => app.clock.now();
  const audited = async (request: FastifyRequest, outcome: CanaryOutcome) => {
    await recordCanaryChange(app.db, {
      actor: operatorOf(request),
      outcome,
      requestId: request.id,
    });
    return changeOf(outcome);
  };
  const response = { 200: canaryChangeSchema, ...OPS_ERRORS };

  app.post(
    CANARY_PATHS.start,
    { schema: { hide: true, params: remoteParamsSchema, body: canaryStartBodySchema, response } },
    async (request) => {
      const { version, share, force } = request.body;
      const outcome = await asConflict(() =>
        deployCanary(releasesFor(request), remoteOf(request.params.remote), {
          version,
          share,
          options: { force },
          now,
        }),
      );
      return audited(request, outcome);
    },
  );

  app.post(
    CANARY_PATHS.promote,
    { schema: { hide: true, params: remoteParamsSchema, body: canaryPromoteBodySchema, response } },
    async (request) => {
      const outcome = await asConflict(() =>
        promoteCanary(releasesFor(request), remoteOf(request.params.remote), request.body.to, now),
      );
      return audited(request, outcome);
    },
  );

  app.post(
    CANARY_PATHS.abort,
    { schema: { hide: true, params: remoteParamsSchema, response } },
    async (request) => {
      const outcome = await asConflict(async () => {
        const ended = await abortCanary(releasesFor(request), remoteOf(request.params.remote), now);
        if (!ended) throw new ReleaseError('No canary to abort.');
        return ended;
      });
      return audited(request, outcome);
    },
  );
};
