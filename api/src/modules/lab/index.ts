// The lab domain's public entry: the MLLP listener the server starts, the HL7 message builder the
// simulator sends, and the routes (FHIR intake, clinician review, the operator queue).
export { answerLabMessage, startLabListener, LAB_LISTENER_DEFAULTS } from './lab-listener';
export type { LabListenerOptions } from './lab-listener';
export { applyLabReport, releaseHeldReport } from './lab-service';
export type { LabDeps } from './lab-service';
export { buildOruMessage, LAB_PANELS, panelValues } from './oru-builder';
export type { LabPanel, OruOptions, PanelValue } from './oru-builder';
export type { IdleTimers, MllpListener } from './mllp-listener';
export { labDepsOf } from './deps';
export { labRoutes, labFhirRoutes, LAB_PATHS } from './lab-routes';
export { signLabBody, verifyLabSignature } from './fhir-bundle';
export { labConfigFromEnv, DEFAULT_LAB_MLLP_PORT } from './lab-config';
export { labListenerPlugin } from './lab-listener-plugin';
export type { LabConfig } from './lab-config';
