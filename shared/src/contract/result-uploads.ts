import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { safeString } from './text';

// A lab report a signed-in customer uploads: PDF, PNG, JPEG, or the CSV some portals export.
// The server decides the type from the bytes; the name and declared type only help for CSV.

export const RESULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const RESULT_UPLOAD_MAX_LABEL = '10 MB';

export const RESULT_UPLOAD_TYPES = ['pdf', 'png', 'jpeg', 'csv'] as const;
export const resultUploadTypeSchema = z.enum(RESULT_UPLOAD_TYPES);
export type ResultUploadType = z.infer<typeof resultUploadTypeSchema>;

/** What a file input offers to pick; the server still checks every file's bytes. */
export const RESULT_UPLOAD_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.csv,application/pdf,image/png,image/jpeg,text/csv';

/**
 * `received`: stored and checked (type, size), and nobody has read it yet. The shop does not
 * process lab reports, so no status claims that it has.
 */
export const RESULT_UPLOAD_STATUSES = ['received'] as const;
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
});
export type ResultUpload = z.infer<typeof resultUploadSchema>;

export const resultUploadListSchema = z.object({ uploads: z.array(resultUploadSchema) });
export type ResultUploadList = z.infer<typeof resultUploadListSchema>;

export const resultUploadParamsSchema = z.object({ id: z.uuid() });

/** The multipart form, for the API description: one part named `file`. */
export const resultUploadFormSchema = z.object({
  file: safeString().meta({
    format: 'binary',
    description: 'The lab report: PDF, PNG, JPEG or CSV, up to 10 MB',
  }),
});

export const RESULT_UPLOADS_QUERY_KEY = ['account', 'result-uploads'] as const;
