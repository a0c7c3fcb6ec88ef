// Receiving, listing and removing a customer's lab reports. The bytes go to the upload store
// under a server-made uuid; the row (owner, size, detected type, sha256, status) goes to the
// database once the bytes are safely stored, so a listed upload always has its file.
import { createHash, randomUUID } from 'node:crypto';
import {
  RESULT_UPLOAD_MAX_BYTES,
  RESULT_UPLOAD_MAX_LABEL,
  type ResultUpload,
} from '@shop/shared/contract/result-uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResultUploadRow } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import {
  countResultUploads,
  deleteAllOwnResultUploads,
  deleteOwnResultUpload,
  insertResultUpload,
} from '../../repositories/result-uploads-repository';
import { displayName } from './display-name';
import { detectFileType } from './file-type';
import { applyReadPlan, planRead } from './read-upload';

/** Keeps one account's storage bounded whatever the rate limit lets through over time. */
export const MAX_UPLOADS_PER_USER = 100;
// Room for the multipart boundaries and part headers around one file.
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `This file is larger than ${RESULT_UPLOAD_MAX_LABEL}. Please upload a smaller file.`,
  );
const missingFile = () =>
  badRequest('Choose a file to upload.', { file: 'Choose a file to upload.' });

export function toResultUpload(row: ResultUploadRow): ResultUpload {
  return {
    id: row.id,
    fileName: row.file_name,
    size: row.size_bytes,
    type: row.detected_type,
    status: row.status,
    sha256: row.sha256,
    createdAt: new Date(row.created_at).toISOString(),
    readingCount: row.reading_count,
    collectedAt: row.collected_at ? new Date(row.collected_at).toISOString() : null,
    progress: row.progress,
    problem: row.problem,
  };
}

interface ReceivedFile {
  bytes: Buffer;
  fileName: string;
  declaredType: string;
}

/** Reads the one file of a multipart request; every way it can be malformed is a 4xx. */
async function readFilePart(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data, in a part named "file".',
    );
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > RESULT_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  try {
    let file: ReceivedFile | null = null;
    // Read to the end, so a second file is refused (files limit) rather than silently dropped.
    for await (const part of request.parts({
      limits: {
        fileSize: RESULT_UPLOAD_MAX_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 20,
      },
    })) {
      if (part.type !== 'file') continue;
      file = {
        bytes: await part.toBuffer(),
        fileName: part.filename ?? '',
        declaredType: part.mimetype ?? '',
      };
    }
    if (!file) throw missingFile();
    return file;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Upload one file at a time.', { file: 'Upload one file at a time.' });
    // Busboy's own refusals (no boundary, a cut-off body) and any other parsing failure.
    request.log.info({ err: error }, 'an upload could not be read');
    throw badRequest('The upload could not be read. Please try again.');
  }
}

export async function receiveResultUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
): Promise<ResultUpload> {
  const file = await readFilePart(request);
  if (file.bytes.length === 0)
    throw badRequest('This file is empty.', { file: 'This file is empty.' });
  const detected = detectFileType(file.bytes, file.fileName, file.declaredType);
  if (!detected.ok)
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', detected.message, { file: detected.message });
  // Refused files (hostile or malformed) are refused here, before anything is stored.
  const plan = planRead(file.bytes, detected.type);
  if ((await countResultUploads(app.db, userId)) >= MAX_UPLOADS_PER_USER)
    throw new AppError(
      409,
      'CONFLICT',
      `You have ${MAX_UPLOADS_PER_USER} uploads. Delete one to upload another.`,
    );

  const id = randomUUID();
  await app.uploadStore.put(id, file.bytes);
  try {
    const row = await app.db.transaction().execute(async (trx) => {
      const inserted = await insertResultUpload(trx, {
        id,
        userId,
        fileName: displayName(file.fileName, detected.type),
        sizeBytes: file.bytes.length,
        detectedType: detected.type,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
      return applyReadPlan(trx, app.jobs, inserted, plan);
    });
    if (row.status === 'reading') app.jobs.wake();
    return toResultUpload(row);
  } catch (error) {
    await app.uploadStore.delete(id).catch(() => undefined);
    throw error;
  }
}

/** Deletes the row first: once it is gone nobody can list or download the file, then the bytes go. */
export async function removeResultUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  id: string,
): Promise<boolean> {
  if (!(await deleteOwnResultUpload(app.db, userId, id))) return false;
  try {
    await app.uploadStore.delete(id);
  } catch (error) {
    // The row is gone, so the file is unreachable; leave a trace for cleaning it up.
    request.log.error({ err: error, uploadId: id }, 'an upload file could not be deleted');
  }
  return true;
}

/** Deletes every upload and reading of the owner, then their files; answers how many went. */
export async function removeAllResultUploads(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
): Promise<number> {
  const ids = await deleteAllOwnResultUploads(app.db, userId);
  for (const id of ids) {
    try {
      await app.uploadStore.delete(id);
    } catch (error) {
      request.log.error({ err: error, uploadId: id }, 'an upload file could not be deleted');
    }
  }
  return ids.length;
}
