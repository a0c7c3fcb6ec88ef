// Where the lab's MLLP listener listens. On by default in development (`npm start`), on a fixed
// loopback port, so the simulator finds it; off in tests and production unless LAB_MLLP_PORT is
// set. The FHIR endpoint's signing secret: without one the endpoint answers 404.
import { z } from 'zod';

export interface LabConfig {
  /** Null: no listener. */
  mllpPort: number | null;
  /** Set by LAB_MLLP_PORT: then a port that cannot be opened stops the start. */
  mllpPortRequired: boolean;
  mllpHost: string;
  idleMs: number;
  fhirSecret: string | null;
}

/** The port `npm start` listens on for the lab (2575 is HL7's registered MLLP port). */
export const DEFAULT_LAB_MLLP_PORT = 2575;
/** The local secret `npm start` verifies FHIR bundles with; never used in production. */
export const DEV_LAB_FHIR_SECRET = 'local-lab-fhir-secret-not-for-production';

const schema = z.object({
  LAB_MLLP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  LAB_MLLP_HOST: z.string().min(1).optional(),
  LAB_MLLP_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LAB_FHIR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export function labConfigFromEnv(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'development' | 'test' | 'production',
): LabConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value));
  const e = schema.parse(present);
  return {
    mllpPort: e.LAB_MLLP_PORT ?? (nodeEnv === 'development' ? DEFAULT_LAB_MLLP_PORT : null),
    mllpPortRequired: e.LAB_MLLP_PORT !== undefined,
    // Loopback unless asked: a lab reaches it through the shop's VPN or tunnel, never the open net.
    mllpHost: e.LAB_MLLP_HOST ?? '127.0.0.1',
    idleMs: e.LAB_MLLP_IDLE_SECONDS * 1000,
    // `npm start` takes signed bundles with a well-known local secret; elsewhere one must be set.
    fhirSecret: e.LAB_FHIR_SECRET ?? (nodeEnv === 'development' ? DEV_LAB_FHIR_SECRET : null),
  };
}
