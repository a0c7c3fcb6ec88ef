import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { safeString } from './text';

// A lab report a signed-in customer uploads: a FHIR R4 JSON export (a patient portal's, or the
// clinical records of an Apple Health export as a zip), the CSV some portals export, or a PDF or
// photo. The server decides the type from the bytes; the name and declared type only help for CSV.

export const RESULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const RESULT_UPLOAD_MAX_LABEL = '10 MB';

export const RESULT_UPLOAD_TYPES = ['pdf', 'png', 'jpeg', 'csv', 'fhir', 'zip'] as const;
export const resultUploadTypeSchema = z.enum(RESULT_UPLOAD_TYPES);
export type ResultUploadType = z.infer<typeof resultUploadTypeSchema>;

/** What a file input offers to pick; the server still checks every file's bytes. */
export const RESULT_UPLOAD_ACCEPT =
  '.json,.zip,.csv,.pdf,.png,.jpg,.jpeg,application/json,application/fhir+json,application/zip,text/csv,application/pdf,image/png,image/jpeg';

/**
 * Where reading a report stands:
 * - `reading`: a job is reading it (a big file, a zip or a PDF); `progress` says how far.
 * - `needs-columns`: a CSV whose columns the customer has to confirm before anything counts.
 * - `needs-confirmation`: a PDF or photo; values read from it (if any) are suggestions until the
 *   customer confirms or types them.
 * - `read`: its readings are stored and shown on the results page.
 * - `unreadable`: nothing could be read; `problem` says what was expected.
 * - `received`: stored before the shop read reports (kept for those older rows).
 */
export const RESULT_UPLOAD_STATUSES = [
  'received',
  'reading',
  'needs-columns',
  'needs-confirmation',
  'read',
  'unreadable',
] as const;
export const resultUploadStatusSchema = z.enum(RESULT_UPLOAD_STATUSES);
export type ResultUploadStatus = z.infer<typeof resultUploadStatusSchema>;

export const resultUploadSchema = z.object({
  id: z.uuid(),
  /** The customer's file name, cleaned up for display; never used as a path. */
  fileName: safeString(),
  size: z.number().int().min(1),
  type: resultUploadTypeSchema,
  status: resultUploadStatusSchema,
  sha256: safeString(),
  createdAt: isoDateTimeSchema,
  /** How many readings were stored from it (0 until it is `read`). */
  readingCount: z.number().int().min(0),
  /** The collection date of its readings (the latest when they differ), once read. */
  collectedAt: isoDateTimeSchema.nullable(),
  /** While `reading`: 0–100. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** Why it is `unreadable`, in words for the customer (what was expected). */
  problem: safeString().nullable(),
});
export type ResultUpload = z.infer<typeof resultUploadSchema>;

export const resultUploadListSchema = z.object({ uploads: z.array(resultUploadSchema) });
export type ResultUploadList = z.infer<typeof resultUploadListSchema>;

export const resultUploadParamsSchema = z.object({ id: z.uuid() });

/** The multipart form, for the API description: one part named `file`. */
export const resultUploadFormSchema = z.object({
  file: safeString().meta({
    format: 'binary',
    description:
      'The lab report: FHIR R4 JSON, an Apple Health export zip, CSV, PDF, PNG or JPEG, up to 10 MB',
  }),
});

export const RESULT_UPLOADS_QUERY_KEY = ['account', 'result-uploads'] as const;
export const resultUploadQueryKey = (id: string) => [...RESULT_UPLOADS_QUERY_KEY, id] as const;
