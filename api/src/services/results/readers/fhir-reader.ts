// FHIR R4 lab results as US patient portals and Apple Health export them: a Bundle, a
// DiagnosticReport with contained or referenced Observations, or single Observations. The
// structure of what is read is checked first (zod); anything else in a Bundle (Patient,
// Practitioner, Condition…) is left alone.
import type {
  Bundle,
  CodeableConcept,
  DiagnosticReport,
  Observation,
  ObservationReferenceRange,
  Quantity,
  Resource,
} from 'fhir/r4';
import { z } from 'zod';
import type { ReferenceRange, ResultFlag } from '@shop/shared/contract/results';
import { parseJsonWithinLimits } from './json-limits';
import { parseFlag } from './lab-values';
import {
  cleanText,
  ReportRefusedError,
  type ParsedReading,
  type ReadingProblem,
  type ReadResult,
} from './parsed-reading';

export const FHIR_REPORT_TYPES = ['Bundle', 'DiagnosticReport', 'Observation'] as const;
/** More observations than a lab report has; a bigger file is refused before it is read. */
export const MAX_OBSERVATIONS = 20_000;

const LOINC_SYSTEM = 'http://loinc.org';
const EXPECTED =
  'Expected a FHIR R4 JSON lab report: a Bundle, a DiagnosticReport or an Observation.';

const coding = z.looseObject({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});
const codeableConcept = z.looseObject({
  coding: z.array(coding).optional(),
  text: z.string().optional(),
});
const quantity = z.looseObject({
  value: z.number().finite().optional(),
  comparator: z.enum(['<', '<=', '>=', '>']).optional(),
  unit: z.string().optional(),
  system: z.string().optional(),
  code: z.string().optional(),
});
const reference = z.looseObject({ reference: z.string().optional() });
const referenceRange = z.looseObject({
  low: quantity.optional(),
  high: quantity.optional(),
  text: z.string().optional(),
});
// Older exports (Apple Health's DSTU2 records) give one interpretation instead of a list.
const interpretation = z.union([z.array(codeableConcept), codeableConcept]).optional();
const valueFields = {
  valueQuantity: quantity.optional(),
  valueString: z.string().optional(),
  valueCodeableConcept: codeableConcept.optional(),
  valueInteger: z.number().int().optional(),
  valueBoolean: z.boolean().optional(),
  referenceRange: z.array(referenceRange).optional(),
  interpretation,
};
const observationSchema = z.looseObject({
  resourceType: z.literal('Observation'),
  id: z.string().optional(),
  status: z.string(),
  code: codeableConcept,
  ...valueFields,
  effectiveDateTime: z.string().optional(),
  effectivePeriod: z
    .looseObject({ start: z.string().optional(), end: z.string().optional() })
    .optional(),
  effectiveInstant: z.string().optional(),
  issued: z.string().optional(),
  component: z.array(z.looseObject({ code: codeableConcept, ...valueFields })).optional(),
  hasMember: z.array(reference).optional(),
});
const resourceSchema = z.looseObject({ resourceType: z.string(), id: z.string().optional() });
const diagnosticReportSchema = z.looseObject({
  resourceType: z.literal('DiagnosticReport'),
  id: z.string().optional(),
  status: z.string(),
  code: codeableConcept,
  result: z.array(reference).optional(),
  contained: z.array(resourceSchema).optional(),
  effectiveDateTime: z.string().optional(),
  effectivePeriod: z.looseObject({ start: z.string().optional() }).optional(),
  issued: z.string().optional(),
});
const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.string(),
  entry: z
    .array(z.looseObject({ fullUrl: z.string().optional(), resource: resourceSchema.optional() }))
    .optional(),
});

/** The path and rule of the first thing wrong, for the customer's message. */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return prefix;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return `${path}: ${issue.message}`;
}

function validate<T>(schema: z.ZodType, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ReportRefusedError(
      422,
      `This FHIR file is not valid R4 (${firstIssue(parsed.error, where)}). ${EXPECTED}`,
    );
  return parsed.data as T;
}

/** A FHIR date, dateTime or instant as an ISO date-time; partial dates fall on their first day. */
export function fhirDateTime(value: string | undefined): string | null {
  if (!value) return null;
  const partial = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value);
  const text = partial
    ? `${partial[1]}-${partial[2] ?? '01'}-${partial[3] ?? '01'}T00:00:00Z`
    : value;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function conceptText(concept: CodeableConcept | undefined): string | null {
  if (!concept) return null;
  return (
    cleanText(concept.text, 'name') ??
    cleanText(concept.coding?.find((entry) => entry.display)?.display, 'name') ??
    cleanText(concept.coding?.find((entry) => entry.code)?.code, 'name')
  );
}

const loincOf = (concept: CodeableConcept) =>
  cleanText(concept.coding?.find((entry) => entry.system === LOINC_SYSTEM)?.code, 'valueText');

function flagOf(value: CodeableConcept[] | CodeableConcept | undefined): ResultFlag | null {
  const concepts = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const concept of concepts) {
    for (const entry of concept.coding ?? []) {
      const flag = parseFlag(entry.code);
      if (flag) return flag;
    }
    const flag = parseFlag(concept.text);
    if (flag) return flag;
  }
  return null;
}

function rangeOf(ranges: ObservationReferenceRange[] | undefined): ReferenceRange | null {
  const range = ranges?.[0];
  if (!range) return null;
  const result = {
    low: range.low?.value ?? null,
    high: range.high?.value ?? null,
    text: cleanText(range.text, 'rangeText'),
  };
  return result.low === null && result.high === null && result.text === null ? null : result;
}

const unitOf = (value: Quantity) => cleanText(value.unit ?? value.code, 'unit');

type Valued = Pick<
  Observation,
  | 'valueQuantity'
  | 'valueString'
  | 'valueCodeableConcept'
  | 'valueInteger'
  | 'valueBoolean'
  | 'referenceRange'
  | 'code'
> & { interpretation?: CodeableConcept[] | CodeableConcept };

/** The value, unit, range and flag of an observation or one of its components; null without a value. */
function readValue(
  source: Valued,
  collectedAt: string | null,
): Omit<ParsedReading, 'name' | 'loinc'> | null {
  const common = {
    range: rangeOf(source.referenceRange),
    flag: flagOf(source.interpretation),
    collectedAt,
  };
  const quantity = source.valueQuantity;
  if (quantity?.value !== undefined) {
    const unit = unitOf(quantity);
    if (quantity.comparator)
      return { ...common, value: null, valueText: `${quantity.comparator}${quantity.value}`, unit };
    return { ...common, value: quantity.value, valueText: null, unit };
  }
  if (source.valueInteger !== undefined)
    return { ...common, value: source.valueInteger, valueText: null, unit: null };
  if (source.valueString !== undefined) {
    const text = cleanText(source.valueString, 'valueText');
    if (text === null) return null;
    const number = /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
    return { ...common, value: number, valueText: number === null ? text : null, unit: null };
  }
  const concept = conceptText(source.valueCodeableConcept);
  if (concept !== null) return { ...common, value: null, valueText: concept, unit: null };
  if (source.valueBoolean !== undefined)
    return { ...common, value: null, valueText: source.valueBoolean ? 'yes' : 'no', unit: null };
  return null;
}

function observationDate(observation: Observation, fallback: string | null): string | null {
  return (
    fhirDateTime(observation.effectiveDateTime) ??
    fhirDateTime(observation.effectivePeriod?.start) ??
    fhirDateTime(observation.effectiveInstant) ??
    fhirDateTime(observation.issued) ??
    fallback
  );
}

const describe = (resource: Resource) => `${resource.resourceType}/${resource.id ?? '(no id)'}`;

/** An observation's readings: its value, or one per component (a panel with members has none). */
function readObservation(
  observation: Observation,
  fallbackDate: string | null,
  problems: ReadingProblem[],
): ParsedReading[] {
  if (['cancelled', 'entered-in-error'].includes(observation.status)) return [];
  const collectedAt = observationDate(observation, fallbackDate);
  const name = conceptText(observation.code);
  const value = readValue(observation as Valued, collectedAt);
  if (name !== null && value !== null)
    return [{ name, loinc: loincOf(observation.code), ...value }];
  const components = (observation.component ?? []).flatMap((component) => {
    const componentName = conceptText(component.code);
    const componentValue = readValue(component as Valued, collectedAt);
    return componentName !== null && componentValue !== null
      ? [{ name: componentName, loinc: loincOf(component.code), ...componentValue }]
      : [];
  });
  if (components.length > 0) return components;
  if (observation.hasMember?.length) return [];
  problems.push({
    where: describe(observation),
    message: name === null ? 'It has no name or code.' : `"${name}" has no value.`,
  });
  return [];
}

interface Found {
  observation: Observation;
  fallbackDate: string | null;
}

/** The observations a DiagnosticReport lists, from its contained resources or the bundle. */
function reportObservations(
  report: DiagnosticReport,
  byReference: Map<string, Observation>,
  problems: ReadingProblem[],
): Found[] {
  const fallbackDate =
    fhirDateTime(report.effectiveDateTime) ??
    fhirDateTime(report.effectivePeriod?.start) ??
    fhirDateTime(report.issued);
  const contained = new Map<string, Observation>();
  (report.contained ?? []).forEach((resource, index) => {
    if (resource.resourceType !== 'Observation') return;
    const observation = validate<Observation>(
      observationSchema,
      resource,
      `${describe(report)}.contained.${index}`,
    );
    if (observation.id) contained.set(`#${observation.id}`, observation);
  });
  const found: Found[] = [];
  for (const { reference } of report.result ?? []) {
    if (!reference) continue;
    const observation =
      contained.get(reference) ??
      byReference.get(reference) ??
      byReference.get(reference.split('/').slice(-2).join('/'));
    if (observation) found.push({ observation, fallbackDate });
    else
      problems.push({
        where: describe(report),
        message: `It lists ${reference}, which is not in the file.`,
      });
  }
  return found;
}

function tooMany(count: number) {
  if (count > MAX_OBSERVATIONS)
    throw new ReportRefusedError(
      413,
      `This file holds more than ${MAX_OBSERVATIONS.toLocaleString('en-US')} results. Export a shorter period.`,
    );
}

/** A resource to read, where it came from (for messages) and the URL others refer to it by. */
interface Listed {
  resource: unknown;
  where: string;
  fullUrl?: string;
}

/**
 * Readings from resources read together, so a report's references reach observations anywhere
 * among them. Strict: a resource that is not valid R4 refuses the whole file. Otherwise it is
 * reported and the rest read (one bad record in an archive of many).
 */
function readListed(listed: Listed[], strict: boolean): ReadResult {
  const problems: ReadingProblem[] = [];
  const found: Found[] = [];
  const reports: DiagnosticReport[] = [];
  const byReference = new Map<string, Observation>();
  for (const { resource, where, fullUrl } of listed) {
    try {
      const type = (resource as Resource | undefined)?.resourceType;
      if (type === 'Observation') {
        const observation = validate<Observation>(observationSchema, resource, where);
        if (fullUrl) byReference.set(fullUrl, observation);
        if (observation.id) byReference.set(`Observation/${observation.id}`, observation);
        found.push({ observation, fallbackDate: null });
      } else if (type === 'DiagnosticReport')
        reports.push(validate(diagnosticReportSchema, resource, where));
    } catch (error) {
      if (strict || !(error instanceof ReportRefusedError)) throw error;
      problems.push({ where, message: error.message });
    }
  }
  // An observation a report lists takes the report's date when it has none of its own.
  const byObservation = new Map(found.map((entry) => [entry.observation, entry]));
  for (const report of reports) {
    for (const entry of reportObservations(report, byReference, problems)) {
      const existing = byObservation.get(entry.observation);
      if (existing) existing.fallbackDate ??= entry.fallbackDate;
      else {
        byObservation.set(entry.observation, entry);
        found.push(entry);
      }
    }
  }
  tooMany(found.length);
  const readings = found.flatMap(({ observation, fallbackDate }) =>
    readObservation(observation, fallbackDate, problems),
  );
  return { readings, problems };
}

/** A Bundle's entries, or the resource itself, as resources to read. */
function listResources(value: unknown, where: string): Listed[] {
  const resource = validate<Resource>(resourceSchema, value, where);
  if (resource.resourceType === 'Observation' || resource.resourceType === 'DiagnosticReport')
    return [{ resource: value, where: where || resource.resourceType }];
  if (resource.resourceType !== 'Bundle')
    throw new ReportRefusedError(422, `This FHIR file is a ${resource.resourceType}. ${EXPECTED}`);
  const bundle = validate<Bundle>(bundleSchema, value, where || 'Bundle');
  tooMany(bundle.entry?.length ?? 0);
  return (bundle.entry ?? []).map((entry, index) => ({
    resource: entry.resource,
    where: [where, `entry.${index}.resource`].filter(Boolean).join(': '),
    fullUrl: entry.fullUrl,
  }));
}

/** Readings from a parsed FHIR resource: a Bundle, a DiagnosticReport or an Observation. */
export function readFhirResource(value: unknown): ReadResult {
  return readListed(listResources(value, ''), true);
}

/**
 * Readings from many FHIR files read as one (Apple Health writes each clinical record to its
 * own file): a file that is not a lab result is skipped, an invalid one reported.
 */
export function readFhirFiles(files: { name: string; resource: unknown }[]): ReadResult {
  const problems: ReadingProblem[] = [];
  const listed = files.flatMap(({ name, resource }) => {
    if (!isFhirReport(resource)) return [];
    try {
      return listResources(resource, name);
    } catch (error) {
      if (!(error instanceof ReportRefusedError) || error.status === 413) throw error;
      problems.push({ where: name, message: error.message });
      return [];
    }
  });
  tooMany(listed.length);
  const result = readListed(listed, false);
  return { readings: result.readings, problems: [...problems, ...result.problems] };
}

/** Readings from FHIR JSON text, after the nesting and size checks. */
export function readFhirJson(text: string): ReadResult {
  return readFhirResource(parseJsonWithinLimits(text));
}

/** Whether parsed JSON is a resource this reader reads (for telling FHIR from other JSON). */
export function isFhirReport(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    FHIR_REPORT_TYPES.includes((value as { resourceType?: never }).resourceType ?? ('' as never))
  );
}
