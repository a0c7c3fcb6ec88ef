// The lab domain's public entry: the MLLP listener the server starts, the HL7 message builder the
// simulator sends, and the routes (FHIR intake, clinician review, the operator queue).
import type { FastifyInstance } from 'fastify';
import type { LabDeps } from './lab-service';

export { answerLabMessage, startLabListener, LAB_LISTENER_DEFAULTS } from './lab-listener';
export type { LabListenerOptions } from './lab-listener';
export { applyLabReport, releaseHeldReport } from './lab-service';
export type { LabDeps } from './lab-service';
export { buildOruMessage, LAB_PANELS, panelValues } from './oru-builder';
export type { LabPanel, OruOptions, PanelValue } from './oru-builder';
export type { IdleTimers, MllpListener } from './mllp-listener';
export { labConfigFromEnv } from './lab-config';
export type { LabConfig } from './lab-config';

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
