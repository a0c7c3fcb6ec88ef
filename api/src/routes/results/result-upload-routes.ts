import multipart from '@fastify/multipart';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  RESULT_UPLOAD_MAX_BYTES,
  resultUploadFormSchema,
  resultUploadListSchema,
  resultUploadParamsSchema,
  resultUploadSchema,
} from '@shop/shared/contract/result-uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import {
  findOwnResultUpload,
  listResultUploads,
} from '../../repositories/result-uploads-repository';
import { attachmentDisposition } from '../../services/results/display-name';
import { MEDIA_TYPES } from '../../services/results/file-type';
import {
  receiveResultUpload,
  removeResultUpload,
  toResultUpload,
} from '../../services/results/result-uploads';
import { ownerRouteErrors, userIdOf } from './owner-route-parts';

// A stranger's id and an unknown id get the same answer, so ids reveal nothing.
const UPLOAD_NOT_FOUND = 'Upload not found';

// The download's bytes in the type detected at upload. Documentation only: a stream is sent as it is.
const uploadedFileResponse = {
  description: 'The uploaded file, as an attachment',
  content: Object.fromEntries(
    Object.values(MEDIA_TYPES).map((type) => [
      type,
      { schema: z.string().meta({ format: 'binary' }) },
    ]),
  ),
};

const errors = ownerRouteErrors;

/**
 * The signed-in customer's uploaded lab reports (connect client, /user). Only the owner can list,
 * download or delete one; anyone else gets the 404 of a missing id.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const resultUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not globally: multipart bodies are accepted by these routes only, and every
  // other route keeps refusing them with 415.
  await app.register(multipart, { limits: { fileSize: RESULT_UPLOAD_MAX_BYTES, files: 1 } });

  const list = async (userId: string) => ({
    uploads: (await listResultUploads(app.db, userId)).map(toResultUpload),
  });

  app.get(
    API_PATHS.resultUploads,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: "List the signed-in customer's uploaded lab reports",
        operationId: 'listResultUploads',
        response: { 200: resultUploadListSchema, ...errors },
      },
    },
    async (request) => {
      return list(userIdOf(request));
    },
  );

  app.post(
    API_PATHS.resultUploads,
    {
      config: {
        auth: 'required',
        // Per account, counted after the session is known.
        rateLimit: {
          max: app.config.uploadRateLimit.max,
          timeWindow: app.config.uploadRateLimit.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['results'],
        summary: 'Upload a lab report',
        operationId: 'uploadResult',
        description: `Multipart form with one file part: FHIR R4 JSON, a zip (Apple Health export), CSV, PDF, PNG or JPEG, up to ${RESULT_UPLOAD_MAX_BYTES} bytes. The type is read from the bytes. A small FHIR file is read at once (\`read\`); a small CSV waits for its columns; a photo for its values; bigger files, zips and PDFs are read by a job (\`reading\`, with progress). Hostile or malformed files are refused (413, 415, 422) and nothing is stored.`,
        consumes: ['multipart/form-data'],
        // The multipart parser leaves the body empty: the handler reads the file part itself.
        body: resultUploadFormSchema.nullish(),
        response: {
          201: resultUploadSchema,
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await receiveResultUpload(app, request, userIdOf(request));
      return reply.code(201).send(upload);
    },
  );

  app.get(
    API_PATHS.resultUploadFile,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: 'Download an uploaded lab report',
        operationId: 'downloadResultUpload',
        description: 'The uploaded bytes, as an attachment.',
        params: resultUploadParamsSchema,
        response: { 200: uploadedFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const row = await findOwnResultUpload(app.db, userIdOf(request), request.params.id);
      if (!row) throw notFound(UPLOAD_NOT_FOUND);
      const stored = await app.uploadStore.get(row.id);
      if (!stored) {
        request.log.error({ uploadId: row.id }, 'a listed upload has no stored file');
        throw notFound(UPLOAD_NOT_FOUND);
      }
      return reply
        .header('content-type', MEDIA_TYPES[row.detected_type])
        .header('content-length', String(stored.size))
        .header('content-disposition', attachmentDisposition(row.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stored.open() as never);
    },
  );

  app.delete(
    API_PATHS.resultUpload,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['results'],
        summary: 'Delete an uploaded lab report',
        operationId: 'deleteResultUpload',
        params: resultUploadParamsSchema,
        response: { 200: resultUploadListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (!(await removeResultUpload(app, request, userId, request.params.id)))
        throw notFound(UPLOAD_NOT_FOUND);
      return list(userId);
    },
  );
};
