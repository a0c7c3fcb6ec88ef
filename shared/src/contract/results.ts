import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { resultUploadSchema } from './result-uploads';
import { safeString } from './text';

// A customer's lab results as structured readings: one value of one analyte on one collection
// date, kept as the lab wrote it (name, unit, range, flag) and tied to the upload it came from.
// The results page groups them into biomarkers (the shop's analyte catalogue in
// shared/src/results/biomarkers.ts) with values converted to one unit per biomarker.

/** The lab's interpretation of one value. */
export const RESULT_FLAGS = [
  'normal',
  'low',
  'high',
  'critically-low',
  'critically-high',
  'abnormal',
] as const;
export const resultFlagSchema = z.enum(RESULT_FLAGS);
export type ResultFlag = z.infer<typeof resultFlagSchema>;

/** How the page groups biomarkers, in this order. */
export const BODY_SYSTEMS = [
  'heart',
  'metabolism',
  'liver',
  'kidney',
  'blood',
  'hormones',
  'thyroid',
  'nutrients',
  'inflammation',
  'other',
] as const;
export const bodySystemSchema = z.enum(BODY_SYSTEMS);
export type BodySystem = z.infer<typeof bodySystemSchema>;

const finite = z.number().finite();

/** The reference range as the lab gave it: bounds, a text ("<200", "negative"), or both. */
export const referenceRangeSchema = z.object({
  low: finite.nullable(),
  high: finite.nullable(),
  text: safeString().max(200).nullable(),
});
export type ReferenceRange = z.infer<typeof referenceRangeSchema>;

export const resultReadingSchema = z.object({
  id: z.uuid(),
  uploadId: z.uuid(),
  /** The shop's biomarker key (`ldl-cholesterol`) when the analyte is one it knows, else null. */
  biomarkerKey: safeString().max(80).nullable(),
  /** LOINC code where the report gave one (`13457-7`). */
  loinc: safeString().max(20).nullable(),
  /** The analyte's name as the lab wrote it. */
  name: safeString().min(1).max(200),
  /** A number, or null when the value is a text. */
  value: finite.nullable(),
  /** A text value ("negative", ">90"), or null when the value is a number. */
  valueText: safeString().max(200).nullable(),
  /** UCUM unit as the lab wrote it (`mg/dL`), or null for a unitless value. */
  unit: safeString().max(40).nullable(),
  range: referenceRangeSchema.nullable(),
  /** The lab's flag; null when the lab gave none (the page then reads the range). */
  flag: resultFlagSchema.nullable(),
  collectedAt: isoDateTimeSchema,
});
export type ResultReading = z.infer<typeof resultReadingSchema>;

/** One point of a biomarker's trend, in the biomarker's display unit. */
export const biomarkerPointSchema = z.object({
  readingId: z.uuid(),
  uploadId: z.uuid(),
  collectedAt: isoDateTimeSchema,
  /** The value in the biomarker's unit; null when it is a text or its unit cannot be converted. */
  value: finite.nullable(),
  /** What the lab wrote, for the table: "5.2 mmol/L", "negative". */
  asWritten: safeString().max(260),
  /** The range in the biomarker's unit (converted like the value). */
  range: referenceRangeSchema.nullable(),
  /** The lab's flag, else the one the range gives, else null. */
  flag: resultFlagSchema.nullable(),
});
export type BiomarkerPoint = z.infer<typeof biomarkerPointSchema>;

export const biomarkerSchema = z.object({
  /** The shop's key, or `loinc:<code>` / `name:<slug>` for an analyte outside the catalogue. */
  key: safeString().max(120),
  name: safeString().max(200),
  system: bodySystemSchema,
  /** The unit every point's `value` is in (UCUM), or null for text-only biomarkers. */
  unit: safeString().max(40).nullable(),
  /** Oldest first; the last one is the latest reading. */
  points: z.array(biomarkerPointSchema).min(1),
  /** Latest minus the previous numeric value, in `unit`; null with fewer than two. */
  change: finite.nullable(),
});
export type Biomarker = z.infer<typeof biomarkerSchema>;

/** Where a kit's results came from and when the next test is due. */
export const resultSourceSchema = z.object({
  uploadId: z.uuid(),
  fileName: safeString(),
  collectedAt: isoDateTimeSchema.nullable(),
  /** The customer's own order the kit came with, when one matches. */
  order: z.object({ id: safeString(), href: safeString() }).nullable(),
  /** The subscription the kit came with, when one matches. */
  subscription: z.object({ id: safeString(), href: safeString() }).nullable(),
});
export type ResultSource = z.infer<typeof resultSourceSchema>;

export const retestPromptSchema = z.object({
  /** When the next test is due: the latest collection date plus the plan's interval. */
  dueAt: isoDateTimeSchema,
  /** The interval it follows, in words ("every 3 months"). */
  intervalLabel: safeString(),
  /** Set when an active subscription will send the next kit; else the customer orders one. */
  subscriptionId: safeString().nullable(),
  href: safeString(),
});
export type RetestPrompt = z.infer<typeof retestPromptSchema>;

/** GET /user/results: everything the results page shows. */
export const resultsPageSchema = z.object({
  biomarkers: z.array(biomarkerSchema),
  sources: z.array(resultSourceSchema),
  /** Uploads still being read or waiting for the customer (columns, confirmation). */
  pending: z.array(resultUploadSchema),
  retest: retestPromptSchema.nullable(),
});
export type ResultsPage = z.infer<typeof resultsPageSchema>;

/** The fields a CSV column can be matched to; `analyte` and `value` are required. */
export const CSV_FIELDS = [
  'analyte',
  'value',
  'unit',
  'range',
  'low',
  'high',
  'flag',
  'date',
] as const;
export const csvFieldSchema = z.enum(CSV_FIELDS);
export type CsvField = z.infer<typeof csvFieldSchema>;

const columnIndex = z.number().int().min(0).max(199);

/** Which column (0-based) holds each field; a missing optional field is null. */
export const csvColumnMappingSchema = z.object({
  analyte: columnIndex,
  value: columnIndex,
  unit: columnIndex.nullable(),
  range: columnIndex.nullable(),
  low: columnIndex.nullable(),
  high: columnIndex.nullable(),
  flag: columnIndex.nullable(),
  date: columnIndex.nullable(),
});
export type CsvColumnMapping = z.infer<typeof csvColumnMappingSchema>;

/** A calendar day (`2026-03-14`), for a collection date the customer types. */
export const collectionDateSchema = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** POST /user/result-uploads/:id/columns */
export const confirmCsvColumnsBodySchema = z.object({
  mapping: csvColumnMappingSchema,
  /** Required when no column holds the date. */
  collectedOn: collectionDateSchema.nullable(),
  /** Whether the first row is a header row. */
  hasHeader: z.boolean(),
});
export type ConfirmCsvColumnsBody = z.infer<typeof confirmCsvColumnsBodySchema>;

/** One value the customer confirms or types from a PDF or photo. */
export const typedReadingSchema = z.object({
  name: safeString().trim().min(1).max(200),
  biomarkerKey: safeString().max(80).nullable(),
  /** As typed: a number ("5.4", "5,4") or a text ("negative"). */
  value: safeString().trim().min(1).max(200),
  unit: safeString().trim().max(40).nullable(),
  low: finite.nullable(),
  high: finite.nullable(),
  rangeText: safeString().trim().max(200).nullable(),
  flag: resultFlagSchema.nullable(),
});
export type TypedReading = z.infer<typeof typedReadingSchema>;

/** POST /user/result-uploads/:id/readings */
export const confirmReadingsBodySchema = z.object({
  collectedOn: collectionDateSchema,
  readings: z.array(typedReadingSchema).min(1).max(300),
});
export type ConfirmReadingsBody = z.infer<typeof confirmReadingsBodySchema>;

/** What the customer has to look at before a CSV, PDF or photo counts. */
export const resultUploadDraftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('csv'),
    /** The first rows as split (up to 10), header row included. */
    rows: z.array(z.array(safeString().max(500))).max(10),
    rowCount: z.number().int().min(0),
    suggested: csvColumnMappingSchema.nullable(),
    hasHeader: z.boolean(),
  }),
  z.object({
    kind: z.literal('document'),
    /** Values found in a PDF's text, as suggestions; empty for a photo or a scan. */
    suggestions: z.array(typedReadingSchema).max(300),
    suggestedCollectedOn: collectionDateSchema.nullable(),
    /** Whether any text could be taken from the file. */
    hasText: z.boolean(),
  }),
]);
export type ResultUploadDraft = z.infer<typeof resultUploadDraftSchema>;

/** GET /user/result-uploads/:id: the upload, what still needs the customer, and its readings. */
export const resultUploadDetailSchema = z.object({
  upload: resultUploadSchema,
  // Typed as an object for OpenAPI 3.0, which needs a type beside `nullable`.
  draft: resultUploadDraftSchema.nullable().meta({ type: 'object' }),
  readings: z.array(resultReadingSchema),
});
export type ResultUploadDetail = z.infer<typeof resultUploadDetailSchema>;

/** A CSV row the confirmed columns could not read, by its 1-based line number in the file. */
export const csvSkippedRowSchema = z.object({
  row: z.number().int().min(1),
  /** Why, in words for the customer ("no number in the value column"). */
  reason: safeString().max(200),
});
export type CsvSkippedRow = z.infer<typeof csvSkippedRowSchema>;

/**
 * POST /user/result-uploads/:id/columns answers the upload detail plus the rows that were not
 * read: never dropped silently. `skippedCount` counts them all; `skipped` lists the first 50.
 */
export const confirmCsvColumnsResultSchema = resultUploadDetailSchema.extend({
  skippedCount: z.number().int().min(0),
  skipped: z.array(csvSkippedRowSchema).max(50),
});
export type ConfirmCsvColumnsResult = z.infer<typeof confirmCsvColumnsResultSchema>;

/** GET /user/results/export?format=… : `zip` holds every upload and both reading files. */
export const RESULTS_EXPORT_FORMATS = ['zip', 'fhir', 'csv'] as const;
export const resultsExportQuerySchema = z.object({
  format: z.enum(RESULTS_EXPORT_FORMATS).default('zip'),
});

/** The plain-words explanation of one biomarker: catalog content an operator can edit. */
export const biomarkerExplanationSchema = z.object({
  key: safeString().max(80),
  name: safeString().trim().min(1).max(120),
  measures: safeString().trim().min(1).max(600),
  high: safeString().trim().min(1).max(600),
  low: safeString().trim().min(1).max(600),
  doctor: safeString().trim().min(1).max(600),
});
export type BiomarkerExplanation = z.infer<typeof biomarkerExplanationSchema>;

/** GET /api/v1/catalog/biomarker-guide */
export const biomarkerGuideSchema = z.object({
  /** Shown with every explanation: the page informs, it does not diagnose. */
  disclaimer: safeString().trim().min(1).max(600),
  biomarkers: z.array(biomarkerExplanationSchema).max(200),
});
export type BiomarkerGuide = z.infer<typeof biomarkerGuideSchema>;

export const RESULTS_QUERY_KEY = ['account', 'results'] as const;
export const BIOMARKER_GUIDE_QUERY_KEY = ['catalog', 'biomarker-guide'] as const;
