// The lab domain's public entry: the MLLP listener the server starts, the HL7 message builder the
// simulator sends, and the routes (FHIR intake, clinician review, the operator queue).
export { startLabListener } from './lab-listener';
export { buildOruMessage, LAB_PANELS, panelValues } from './oru-builder';
export type { LabPanel, PanelValue } from './oru-builder';
export type { IdleTimers, MllpListener } from './mllp-listener';
export { labDepsOf } from './deps';
export { labRoutes, LAB_PATHS } from './lab-routes';
export { signLabBody } from './fhir-bundle';
export { labConfigFromEnv, DEFAULT_LAB_MLLP_PORT } from './lab-config';
export { labListenerPlugin } from './lab-listener-plugin';
export type { LabConfig } from './lab-config';
