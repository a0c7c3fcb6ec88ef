import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { resultUploadParamsSchema } from '@shop/shared/contract/result-uploads';
import {
  confirmCsvColumnsBodySchema,
  confirmCsvColumnsResultSchema,
  confirmReadingsBodySchema,
  resultsExportQuerySchema,
  resultsPageSchema,
  resultUploadDetailSchema,
} from '@shop/shared/contract/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOwnReadings } from '../../repositories/result-readings-repository';
import { listResultUploads } from '../../repositories/result-uploads-repository';
import { confirmCsvColumns } from '../../services/results/confirm-csv-columns';
import { confirmReadings } from '../../services/results/confirm-readings';
import { attachmentDisposition } from '../../services/results/display-name';
import { removeAllResultUploads } from '../../services/results/result-uploads';
import { exportZip, readingsBundle, readingsCsv } from '../../services/results/results-export';
import { loadResultsPage } from '../../services/results/results-page';
import { loadUploadDetail } from '../../services/results/upload-detail';
import { ownerRouteErrors, userIdOf } from './owner-route-parts';

const errors = ownerRouteErrors;

const EXPORT_TYPES = {
  zip: 'application/zip',
  fhir: 'application/fhir+json',
  csv: 'text/csv; charset=utf-8',
} as const;
const EXPORT_EXTENSIONS = { zip: 'zip', fhir: 'fhir.json', csv: 'csv' } as const;

const exportResponse = {
  description: 'Every upload and reading (zip), or the readings as a FHIR R4 Bundle or CSV',
  content: Object.fromEntries(
    Object.values(EXPORT_TYPES).map((type) => [
      type,
      { schema: z.string().meta({ format: 'binary' }) },
    ]),
  ),
};

/**
 * A customer's results (connect client, /user): one upload's state and readings, confirming a
 * CSV's columns or a document's values, the results page, the export and deleting everything.
 * Only the owner reaches any of it; anyone else gets the 404 of a missing id.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.resultUpload,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: 'One uploaded lab report: its state, what needs confirming and its readings',
        operationId: 'getResultUpload',
        params: resultUploadParamsSchema,
        response: { 200: resultUploadDetailSchema, ...errors },
      },
    },
    async (request) => loadUploadDetail(app.db, userIdOf(request), request.params.id),
  );

  app.post(
    API_PATHS.resultUploadColumns,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: "Confirm a CSV upload's columns: its rows become readings",
        operationId: 'confirmResultUploadColumns',
        description:
          'Only while the upload needs its columns (else 409). Rows that cannot be read are counted and listed; 422 when none can.',
        params: resultUploadParamsSchema,
        body: confirmCsvColumnsBodySchema,
        response: {
          200: confirmCsvColumnsResultSchema,
          ...errors,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) =>
      confirmCsvColumns(
        { db: app.db, uploadStore: app.uploadStore },
        userIdOf(request),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    API_PATHS.resultUploadReadings,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: 'Confirm or type the values of a PDF or photo upload',
        operationId: 'confirmResultUploadReadings',
        description: 'Only while the upload needs confirmation (else 409).',
        params: resultUploadParamsSchema,
        body: confirmReadingsBodySchema,
        response: { 200: resultUploadDetailSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => confirmReadings(app.db, userIdOf(request), request.params.id, request.body),
  );

  app.get(
    API_PATHS.results,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: "The signed-in customer's results: biomarkers, sources, pending uploads, retest",
        operationId: 'getResults',
        response: { 200: resultsPageSchema, ...errors },
      },
    },
    async (request) => loadResultsPage(app.db, userIdOf(request), app.clock.now()),
  );

  app.get(
    API_PATHS.resultsExport,
    {
      config: { auth: 'required', privateResponse: true },
      schema: {
        tags: ['results'],
        summary: 'Download every upload and reading',
        operationId: 'exportResults',
        description:
          '`zip` (default): every uploaded file, results.fhir.json and results.csv; `fhir`: a FHIR R4 Bundle of Observations; `csv`: one row per reading.',
        querystring: resultsExportQuerySchema,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const { format } = request.query;
      const now = app.clock.now();
      const [rows, uploads] = await Promise.all([
        listOwnReadings(app.db, userId),
        listResultUploads(app.db, userId),
      ]);
      const fileName = `lab-results-${now.toISOString().slice(0, 10)}.${EXPORT_EXTENSIONS[format]}`;
      reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff');
      if (format === 'fhir') return reply.send(JSON.stringify(readingsBundle(rows, now)));
      if (format === 'csv') return reply.send(readingsCsv(rows, uploads));
      return reply.send(exportZip(app.uploadStore, uploads, rows, now) as never);
    },
  );

  app.delete(
    API_PATHS.results,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['results'],
        summary: 'Delete every upload and reading of the signed-in customer',
        operationId: 'deleteResults',
        response: { 200: z.object({ deletedUploads: z.number().int().min(0) }), ...errors },
      },
    },
    async (request) => ({
      deletedUploads: await removeAllResultUploads(app, request, userIdOf(request)),
    }),
  );
};
