import { useRef } from 'react';
import Button from 'antd/es/button';
import { RESULT_UPLOAD_ACCEPT } from '@shop/shared/contract/result-uploads';
import type { ResultUploadFlow } from '../hooks/use-result-upload-flow';

/**
 * The upload button and the file input it opens (hidden: the button is what a keyboard and a
 * screen reader reach, described by the hint and any error).
 */
export function UploadFileButton({
  flow,
  describedBy,
}: {
  flow: ResultUploadFlow;
  describedBy: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="primary"
        loading={flow.busy}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {flow.busy ? 'Uploading…' : 'Upload a lab report'}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={RESULT_UPLOAD_ACCEPT}
        aria-label="Lab report file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again is a new change.
          event.target.value = '';
          if (file) void flow.send(file);
        }}
      />
    </>
  );
}

/** The bytes' progress, the status line and the error of the latest upload. */
export function UploadFeedback({ flow, errorId }: { flow: ResultUploadFlow; errorId: string }) {
  return (
    <>
      {flow.progress !== null && (
        <progress
          className="acc-upload-progress"
          max={100}
          value={flow.progress}
          aria-label="Upload progress"
        />
      )}
      {/* Always in the page, so screen readers announce what is put into it. */}
      <p role="status" className="acc-status">
        {flow.status}
      </p>
      {flow.error && (
        <p id={errorId} role="alert" className="acc-upload-error">
          {flow.error}
        </p>
      )}
    </>
  );
}

/** What the shop reads, for the hint beside every upload button. */
export function UploadHint({ id, maxLabel }: { id: string; maxLabel: string }) {
  return (
    <p id={id} className="acc-muted">
      Results from another lab, up to {maxLabel}: your patient portal&apos;s FHIR export (JSON) or
      Apple Health export (.zip), a CSV, a PDF or a photo (PNG or JPEG). Only you can see them. We
      read FHIR files at once; for a CSV you match its columns, and values from a PDF or photo count
      only once you have checked and confirmed them.
    </p>
  );
}
