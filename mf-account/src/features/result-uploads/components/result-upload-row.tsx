import Button from 'antd/es/button';
import { Link } from 'react-router';
import Popconfirm from 'antd/es/popconfirm';
import type { ResultUpload, ResultUploadType } from '@shop/shared/contract/result-uploads';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useDeleteResultUpload } from '../api/delete-result-upload';
import { resultUploadFileUrl } from '../api/result-upload-file';
import { resultUploadPath } from '../model/result-upload-paths';

const TYPE_NAMES: Record<ResultUploadType, string> = {
  pdf: 'PDF',
  png: 'PNG image',
  jpeg: 'JPEG image',
  csv: 'CSV',
  fhir: 'FHIR record',
  zip: 'Apple Health export',
};

const STATUS_NAMES: Record<ResultUpload['status'], string> = {
  received: 'Stored',
  reading: 'Reading',
  'needs-columns': 'Check the columns',
  'needs-confirmation': 'Check the values',
  read: 'Read',
  unreadable: 'Could not be read',
};

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the customer can do next on the upload's own page, when anything. */
const NEXT_STEPS: Partial<Record<ResultUpload['status'], string>> = {
  reading: 'See progress',
  'needs-columns': 'Match the columns',
  'needs-confirmation': 'Check the values',
  read: 'Details',
};

function outcome(upload: ResultUpload): string | null {
  if (upload.status === 'read')
    return upload.readingCount === 1 ? '1 value read' : `${upload.readingCount} values read`;
  if (upload.status === 'unreadable') return upload.problem ?? 'Nothing could be read from it.';
  return null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function ResultUploadRow({
  upload,
  onDeleted,
}: {
  upload: ResultUpload;
  onDeleted: (message: string) => void;
}) {
  const { api, notify } = useShell();
  const remove = useDeleteResultUpload();
  const name = upload.fileName;

  return (
    <li className="acc-card-row">
      <div className="acc-upload-text">
        {/* The customer's own file name: rendered as text, never as markup. */}
        <span className="acc-card-name">
          {name}
          <span className="acc-badge">{STATUS_NAMES[upload.status]}</span>
        </span>
        <span className="acc-muted">
          {TYPE_NAMES[upload.type]} · {formatSize(upload.size)} · uploaded{' '}
          <time dateTime={upload.createdAt}>{dateFormat.format(new Date(upload.createdAt))}</time>
        </span>
        {outcome(upload) && (
          <span className={upload.status === 'unreadable' ? 'rf-problem' : 'acc-muted'}>
            {outcome(upload)}
          </span>
        )}
      </div>
      <div className="acc-card-actions">
        {NEXT_STEPS[upload.status] && (
          <Link
            className="rf-row-action"
            to={resultUploadPath(upload.id)}
            aria-label={`${NEXT_STEPS[upload.status]}: ${name}`}
          >
            {NEXT_STEPS[upload.status]}
          </Link>
        )}
        <Button href={resultUploadFileUrl(api, upload.id)} aria-label={`Download ${name}`}>
          Download
        </Button>
        <Popconfirm
          title={`Delete ${name}?`}
          description="The file is removed from your account for good."
          okText="Delete file"
          cancelText="Keep it"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove
              .mutateAsync(upload.id)
              .then(() => onDeleted(`Deleted ${name}.`))
              .catch((error: ApiError) =>
                notify.error('The file was not deleted', friendlyMessage(error)),
              )
          }
        >
          <Button danger aria-label={`Delete ${name}`} loading={remove.isPending}>
            Delete
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}
