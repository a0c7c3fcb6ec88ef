import { useEffect, useId, useRef } from 'react';
import Skeleton from 'antd/es/skeleton';
import { RESULT_UPLOAD_MAX_LABEL } from '@shop/shared/contract/result-uploads';
import { useResultUploads } from '../api/result-uploads';
import { useResultUploadFlow } from '../hooks/use-result-upload-flow';
import { ResultUploadRow } from './result-upload-row';
import { ResultsDataSection } from './results-data-section';
import { ResultFlowStyles } from './result-flow-styles';
import { UploadFeedback, UploadFileButton, UploadHint } from './upload-file-button';
import { LoadFailed } from '../../shared/components/load-failed';

/** Where /upload-results and sign-up send a customer: the panel on /account/uploads. */
export const RESULT_UPLOADS_PATH = '/account/uploads';

/**
 * Lab reports from other labs: upload, list, download, delete. `enabled` waits until the page
 * knows someone is logged in; `arrived` (on /account/uploads) brings the panel into view and
 * puts focus on its heading once the list is there.
 */
export function ResultUploadsPanel({ enabled, arrived }: { enabled: boolean; arrived: boolean }) {
  const uploads = useResultUploads(enabled);
  const flow = useResultUploadFlow();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const list = uploads.data?.uploads ?? [];

  const loaded = uploads.isSuccess;
  useEffect(() => {
    if (!arrived || !loaded || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [arrived, loaded]);

  const onDeleted = (message: string) => {
    flow.setStatus(message);
    // The row and its button are gone: focus stays in the panel instead of falling to the page.
    heading.current?.focus();
  };

  return (
    <section
      id="uploads"
      className="acc-panel acc-wide"
      aria-labelledby={titleId}
      aria-busy={uploads.isPending || flow.busy}
    >
      <ResultFlowStyles />
      <div className="acc-panel-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          Lab results
        </h2>
        {loaded && (
          <UploadFileButton
            flow={flow}
            describedBy={flow.error ? `${hintId} ${errorId}` : hintId}
          />
        )}
      </div>
      <UploadHint id={hintId} maxLabel={RESULT_UPLOAD_MAX_LABEL} />
      <UploadFeedback flow={flow} errorId={errorId} />
      {!enabled || uploads.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : uploads.isError ? (
        <LoadFailed what="your lab results" onRetry={() => void uploads.refetch()} />
      ) : list.length === 0 ? (
        <p className="acc-muted">No lab results uploaded yet.</p>
      ) : (
        <ul className="acc-list" aria-label="Uploaded lab results">
          {list.map((upload) => (
            <ResultUploadRow key={upload.id} upload={upload} onDeleted={onDeleted} />
          ))}
        </ul>
      )}
      {loaded && list.length > 0 && <ResultsDataSection onDeleted={onDeleted} />}
    </section>
  );
}
