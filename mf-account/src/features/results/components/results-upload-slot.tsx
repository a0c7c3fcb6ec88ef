// Where the results page offers uploads: the same button, progress and messages as the account's
// upload panel, and the way to every report (and its next step) on /account/uploads.
import { useId } from 'react';
import { Link } from 'react-router';
import { RESULT_UPLOAD_MAX_LABEL } from '@shop/shared/contract/result-uploads';
import { RESULT_UPLOADS_PATH } from '../../result-uploads/components/result-uploads-panel';
import {
  UploadFeedback,
  UploadFileButton,
} from '../../result-uploads/components/upload-file-button';
import { ResultFlowStyles } from '../../result-uploads/components/result-flow-styles';
import { useResultUploadFlow } from '../../result-uploads/hooks/use-result-upload-flow';

export function ResultsUploadSlot() {
  const flow = useResultUploadFlow();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="rf-upload-slot">
      <ResultFlowStyles />
      <p id={hintId} className="acc-muted">
        FHIR JSON, an Apple Health export (.zip), CSV, PDF, PNG or JPEG, up to{' '}
        {RESULT_UPLOAD_MAX_LABEL}.
      </p>
      <UploadFileButton flow={flow} describedBy={flow.error ? `${hintId} ${errorId}` : hintId} />
      <UploadFeedback flow={flow} errorId={errorId} />
      <p>
        <Link to={RESULT_UPLOADS_PATH}>All your lab reports</Link>
      </p>
    </div>
  );
}
