// The FHIR R4 alternative to HL7 v2: a transaction Bundle holding one DiagnosticReport, its
// Observations and the Specimen (whose identifier is the kit ID). Checked with zod, bounded, and
// turned into the same LabReport an ORU^R01 gives, so both channels are applied by one service.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ResultFlag } from '@shop/shared/contract/results';
import { z } from 'zod';
import type { LabObservation, LabReport } from './oru-message';
import { ORU_LIMITS } from './oru-message';

// Text from a lab: bounded, one line, and no markup (a "<100" range is fine, "<script" is not).
const MARKUP = /<\s*[a-zA-Z!/?]/;
// Control characters other than tab and line breaks have no place in a lab's text.
const hasControl = (value: string) =>
  [...value].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
  });
const text = (max: number = ORU_LIMITS.maxFieldLength) =>
  z
    .string()
    .max(max)
    .refine(
      (value) => !MARKUP.test(value) && !hasControl(value),
      'holds markup or control characters',
    );
const dateTime = z.iso.datetime({ offset: true });

const coding = z.object({
  system: text(200).optional(),
  code: text(40),
  display: text(200).optional(),
});
const quantity = z.object({
  value: z.number().finite(),
  unit: text(40).optional(),
  system: text(200).optional(),
  code: text(40).optional(),
});

const observation = z.object({
  resourceType: z.literal('Observation'),
  status: z.enum(['final', 'amended', 'corrected', 'preliminary']),
  code: z.object({ coding: z.array(coding).min(1).max(10), text: text(200).optional() }),
  valueQuantity: quantity.optional(),
  valueString: text().optional(),
  referenceRange: z
    .array(
      z.object({
        low: z.object({ value: z.number().finite() }).optional(),
        high: z.object({ value: z.number().finite() }).optional(),
        text: text(200).optional(),
      }),
    )
    .max(5)
    .optional(),
  interpretation: z
    .array(z.object({ coding: z.array(coding).min(1).max(5) }))
    .max(5)
    .optional(),
});

const specimen = z.object({
  resourceType: z.literal('Specimen'),
  identifier: z
    .array(z.object({ system: text(200).optional(), value: text(40) }))
    .min(1)
    .max(5),
  status: z.enum(['available', 'unavailable', 'unsatisfactory', 'entered-in-error']).optional(),
  receivedTime: dateTime.optional(),
  collection: z.object({ collectedDateTime: dateTime.optional() }).optional(),
  condition: z
    .array(z.object({ text: text(200) }))
    .max(5)
    .optional(),
  note: z
    .array(z.object({ text: text(500) }))
    .max(5)
    .optional(),
});

const diagnosticReport = z.object({
  resourceType: z.literal('DiagnosticReport'),
  status: z.enum([
    'registered',
    'partial',
    'preliminary',
    'final',
    'amended',
    'corrected',
    'cancelled',
  ]),
  code: z.object({ coding: z.array(coding).min(1).max(10) }),
  effectiveDateTime: dateTime.optional(),
  conclusion: text(500).optional(),
});

const entry = z.object({
  fullUrl: text(200).optional(),
  resource: z.discriminatedUnion('resourceType', [diagnosticReport, observation, specimen]),
  request: z.object({ method: z.enum(['POST', 'PUT']), url: text(200) }).optional(),
});

export const labBundleSchema = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('transaction'),
  /** The lab's id for this bundle: a repeat is applied once, as MSH-10 is. */
  identifier: z.object({
    system: text(200).optional(),
    value: z.string().regex(/^[\x21-\x7e]{1,50}$/),
  }),
  entry: z
    .array(entry)
    .min(2)
    .max(ORU_LIMITS.maxObservations + 2),
});
export type LabBundle = z.infer<typeof labBundleSchema>;

const FLAGS: Record<string, ResultFlag> = {
  N: 'normal',
  H: 'high',
  L: 'low',
  HH: 'critically-high',
  LL: 'critically-low',
  A: 'abnormal',
};
const STATUS: Record<z.infer<typeof observation>['status'], LabObservation['status']> = {
  final: 'F',
  amended: 'C',
  corrected: 'C',
  preliminary: 'P',
};

/** A bundle's report, or the words of a 422 (a bundle that is valid FHIR but not one we take). */
export function reportFromBundle(bundle: LabBundle): LabReport | { problem: string } {
  const resources = bundle.entry.map((item) => item.resource);
  const reports = resources.filter((r) => r.resourceType === 'DiagnosticReport');
  const specimens = resources.filter((r) => r.resourceType === 'Specimen');
  if (reports.length !== 1 || specimens.length !== 1)
    return { problem: 'A bundle holds exactly one DiagnosticReport and one Specimen' };
  const [report] = reports as z.infer<typeof diagnosticReport>[];
  const [sample] = specimens as z.infer<typeof specimen>[];
  const observations: LabObservation[] = [];
  for (const [index, obs] of resources.entries()) {
    if (obs.resourceType !== 'Observation') continue;
    const loinc = obs.code.coding.find((c) => c.system === 'http://loinc.org');
    if (!loinc || !/^\d{1,7}-\d$/.test(loinc.code))
      return { problem: `entry ${index}: the Observation needs a LOINC code` };
    if (!obs.valueQuantity && obs.valueString === undefined)
      return { problem: `entry ${index}: the Observation needs valueQuantity or valueString` };
    const flagCode = obs.interpretation?.[0]?.coding[0]?.code;
    const flag = flagCode === undefined ? null : FLAGS[flagCode];
    if (flag === undefined)
      return { problem: `entry ${index}: interpretation must be H, L, HH, LL, A or N` };
    const range = obs.referenceRange?.[0];
    observations.push({
      loinc: loinc.code,
      name: loinc.display ?? obs.code.text ?? loinc.code,
      value: obs.valueQuantity?.value ?? null,
      valueText: obs.valueQuantity ? null : (obs.valueString ?? null),
      unit: obs.valueQuantity?.code ?? obs.valueQuantity?.unit ?? null,
      rangeLow: range?.low?.value ?? null,
      rangeHigh: range?.high?.value ?? null,
      rangeText: range?.text ?? null,
      flag,
      status: STATUS[obs.status],
    });
  }
  const rejected = sample!.status === 'unsatisfactory';
  const reason =
    sample!.condition?.[0]?.text ?? sample!.note?.[0]?.text ?? report!.conclusion ?? null;
  if (rejected && !reason)
    return { problem: 'An unsatisfactory Specimen needs its reason (condition or note)' };
  const kind: LabReport['kind'] = rejected
    ? 'rejected'
    : report!.status === 'registered' && observations.length === 0
      ? 'received'
      : 'results';
  if (kind === 'results' && observations.length === 0)
    return { problem: 'A result bundle needs at least one Observation' };
  const collected = sample!.collection?.collectedDateTime ?? report!.effectiveDateTime;
  return {
    controlId: `fhir:${bundle.identifier.value}`,
    kitCode: sample!.identifier[0]!.value,
    kind,
    reason: rejected ? reason : null,
    collectedAt: collected ? new Date(collected) : null,
    observations: kind === 'results' ? observations : [],
  };
}

/** How far a signature's time may be from the shop's clock, either way. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/** The signature header a lab sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signLabBody(secret: string, body: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${mac}`;
}

/** True when the header signs exactly these bytes with the secret, within the tolerance. */
export function verifyLabSignature(
  secret: string,
  header: string | undefined,
  body: Buffer,
  now: Date,
): boolean {
  const match = header && /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const at = Number(match[1]) * 1000;
  if (Math.abs(now.getTime() - at) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.`).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
