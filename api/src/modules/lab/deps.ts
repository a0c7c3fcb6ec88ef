import type { FastifyInstance } from 'fastify';
import type { LabDeps } from './lab-service';

/** What the lab needs of a built app. */
export function labDepsOf(app: FastifyInstance): LabDeps {
  return {
    db: app.db,
    clock: app.clock,
    mail: app.mailQueue,
    uploadStore: app.uploadStore,
    publicOrigin: app.config.publicOrigin,
  };
}
