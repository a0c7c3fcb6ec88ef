import {
  releaseOverviewSchema,
  releaseChangeSchema,
  deployBodySchema,
  remoteParamsSchema,
} from '@shop/shared/contract/ops';
import { rollbackBodySchema } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReleaseError,
  deployStoredVersion,
  rollback,
  type DeployOutcome,
  type ReleaseAuditAction,
} from '../../releases/releases';
import { LockTimeoutError } from '../../releases/registry-lock';
import { RegistryCorruptError } from '../../releases/registry';
import { findRemote, type RemoteDefinition } from '../../releases/remotes';
import { AppError, notFound } from '../../lib/app-error';
import { recordReleaseChange } from '../../services/releases/release-audit';
import { releasesView, operatorReleases } from '../../services/operations/releases-view';
import { OPS_ERRORS, operatorOf } from './operator-guard';

function remoteOf(spelling: string): RemoteDefinition {
  const remote = findRemote(spelling);
  if (!remote) throw notFound(`No remote named "${spelling}"`);
  return remote;
}

/** The CLI's refusals (another contract major, nothing earlier, a busy lock) as a 409 with its words. */
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

function changeOf(outcome: DeployOutcome) {
  const { remote, from, to, changed, at, contractVersion, areaRoutes, warnings } = outcome;
  return { remote, from, to, changed, at, contractVersion, areaRoutes, warnings };
}

/**
 * Releases: the same store, registry, rules and lock as `shop deploy` and `shop rollback`
 * (api/src/releases), so the console and the CLI can act at once without losing history.
 */
export const opsReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const releasesFor = (request: FastifyRequest) => operatorReleases(app, operatorOf(request).name);

  const audited = (
    request: FastifyRequest,
    action: ReleaseAuditAction,
    force: boolean,
    outcome: DeployOutcome,
  ) =>
    recordReleaseChange(app.db, {
      actor: operatorOf(request),
      action,
      force,
      outcome,
      requestId: request.id,
    });

  app.get(
    API_PATHS.opsReleases,
    { schema: { hide: true, response: { 200: releaseOverviewSchema, ...OPS_ERRORS } } },
    async (request) => asConflict(() => releasesView(releasesFor(request))),
  );

  app.post(
    API_PATHS.opsReleaseRollback,
    {
      schema: {
        hide: true,
        params: remoteParamsSchema,
        body: rollbackBodySchema,
        response: { 200: releaseChangeSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const remote = remoteOf(request.params.remote);
      const { version, force } = request.body;
      const outcome = await asConflict(() =>
        rollback(releasesFor(request), remote, version, { force }),
      );
      await audited(request, 'delivery.rollback', force, outcome);
      return changeOf(outcome);
    },
  );

  app.post(
    API_PATHS.opsReleaseDeploy,
    {
      schema: {
        hide: true,
        params: remoteParamsSchema,
        body: deployBodySchema,
        response: { 200: releaseChangeSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const remote = remoteOf(request.params.remote);
      const { version, force } = request.body;
      const outcome = await asConflict(() =>
        deployStoredVersion(releasesFor(request), remote, version, { force }),
      );
      await audited(request, 'delivery.deploy', force, outcome);
      return changeOf(outcome);
    },
  );
};
