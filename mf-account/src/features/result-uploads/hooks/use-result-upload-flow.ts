import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  RESULT_UPLOAD_MAX_BYTES,
  RESULT_UPLOAD_MAX_LABEL,
  type ResultUpload,
} from '@shop/shared/contract/result-uploads';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useUploadResult } from '../api/upload-result';
import { resultUploadPath } from '../model/result-upload-paths';

const ACCEPTED_EXTENSIONS = /\.(json|zip|csv|pdf|png|jpe?g)$/i;

/** What the browser can tell before sending: the server checks the bytes again either way. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return 'This file is empty.';
  if (file.size > RESULT_UPLOAD_MAX_BYTES)
    return `This file is larger than ${RESULT_UPLOAD_MAX_LABEL}. Please upload a smaller file.`;
  if (!ACCEPTED_EXTENSIONS.test(file.name))
    return 'Choose a FHIR JSON file, an Apple Health export (.zip), a CSV, a PDF, or a PNG or JPEG photo.';
  return null;
}

/** What the upload's status means right after sending it, for the status line. */
function uploadedMessage(upload: ResultUpload): string {
  if (upload.status === 'read') {
    const values = upload.readingCount === 1 ? '1 value' : `${upload.readingCount} values`;
    return `Uploaded ${upload.fileName} and read ${values}. They are on your results page.`;
  }
  return `Uploaded ${upload.fileName}.`;
}

/**
 * One upload at a time: progress while the bytes go, then a status line to announce, or the
 * error to show. A file that needs the customer (columns, values) or a job opens its own page;
 * one that could not be read says why here. `status` is read by screen readers (role="status"),
 * `error` as an alert.
 */
export function useResultUploadFlow() {
  const upload = useUploadResult();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function send(file: File) {
    setError(null);
    const problem = fileProblem(file);
    if (problem) {
      setStatus('');
      setError(problem);
      return;
    }
    setStatus(`Uploading ${file.name}…`);
    setProgress(0);
    try {
      const stored = await upload.mutateAsync({ file, onProgress: setProgress });
      if (stored.status === 'unreadable') {
        setStatus('');
        setError(
          `${stored.fileName} could not be read. ${stored.problem ?? 'Please upload another file.'}`,
        );
      } else if (stored.status === 'read' || stored.status === 'received') {
        setStatus(uploadedMessage(stored));
      } else {
        navigate(resultUploadPath(stored.id));
      }
    } catch (caught) {
      setStatus('');
      setError(friendlyMessage(caught as ApiError));
    } finally {
      setProgress(null);
    }
  }

  return { send, progress, error, status, setStatus, busy: upload.isPending };
}

export type ResultUploadFlow = ReturnType<typeof useResultUploadFlow>;
