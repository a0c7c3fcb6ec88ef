import { useState } from 'react';
import {
  RESULT_UPLOAD_MAX_BYTES,
  RESULT_UPLOAD_MAX_LABEL,
} from '@shop/shared/contract/result-uploads';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useUploadResult } from '../api/upload-result';

const ACCEPTED_EXTENSIONS = /\.(pdf|png|jpe?g|csv)$/i;

/** What the browser can tell before sending: the server checks the bytes again either way. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return 'This file is empty.';
  if (file.size > RESULT_UPLOAD_MAX_BYTES)
    return `This file is larger than ${RESULT_UPLOAD_MAX_LABEL}. Please upload a smaller file.`;
  if (!ACCEPTED_EXTENSIONS.test(file.name)) return 'Choose a PDF, PNG, JPEG or CSV file.';
  return null;
}

/**
 * One upload at a time: progress while the bytes go, then a status line to announce, or the
 * error to show. `status` is read by screen readers (role="status"), `error` as an alert.
 */
export function useResultUploadFlow() {
  const upload = useUploadResult();
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
      setStatus(`Uploaded ${stored.fileName}.`);
    } catch (caught) {
      setStatus('');
      setError(friendlyMessage(caught as ApiError));
    } finally {
      setProgress(null);
    }
  }

  return { send, progress, error, status, setStatus, busy: upload.isPending };
}
