import { useEffect, useRef, useState } from 'react';
import Skeleton from 'antd/es/skeleton';
import { Link, useParams } from 'react-router';
import type { ConfirmCsvColumnsResult, ResultUploadDetail } from '@shop/shared/contract/results';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useLoginOn401 } from '../../account-overview/hooks/use-login-on-401';
import { useResultUpload } from '../api/result-upload';
import { RESULTS_PATH } from '../../results/model/results-path';
import { RESULT_UPLOADS_PATH } from './result-uploads-panel';
import { ResultFlowStyles } from './result-flow-styles';
import { ReadingProgress } from './reading-progress';
import { CsvColumnsStep } from './csv-columns-step';
import { ConfirmReadingsStep } from './confirm-readings-step';
import { UploadOutcome } from './upload-outcome';

/**
 * /account/results/uploads/:id: one upload's next step. While a job reads it, its progress; a CSV,
 * the column matching; a PDF or photo, the values to confirm; then what was read. The owner's
 * upload only (another customer's id is the same 404 as a missing one).
 */
export function ResultUploadPage() {
  const id = useParams().id ?? '';
  const detail = useResultUpload(id);
  const redirecting = useLoginOn401(detail.error);
  // The rows a confirmed CSV skipped come with the confirmation, not with the upload.
  const [csvResult, setCsvResult] = useState<ConfirmCsvColumnsResult | null>(null);

  return (
    <div className="acc acc-page rf-page">
      <AccountStyles />
      <ResultFlowStyles />
      <p className="acc-back">
        <Link to={RESULTS_PATH}>← Your results</Link>
      </p>
      {redirecting ? (
        <>
          <h1>Your lab report</h1>
          <p className="acc-page-lead" role="status">
            Please log in to see your lab report…
          </p>
        </>
      ) : detail.isPending ? (
        <div aria-busy="true">
          <h1>Your lab report</h1>
          <Skeleton active paragraph={{ rows: 6 }} aria-label="Loading your lab report" />
        </div>
      ) : detail.isError ? (
        <>
          <h1>Your lab report</h1>
          {detail.error.status === 404 ? (
            <p role="alert">
              We could not find this lab report in your account.{' '}
              <Link to={RESULT_UPLOADS_PATH}>See your lab reports</Link>
            </p>
          ) : (
            <LoadFailed what="your lab report" onRetry={() => void detail.refetch()} />
          )}
        </>
      ) : (
        <UploadStep detail={detail.data} csvResult={csvResult} onCsvRead={setCsvResult} />
      )}
    </div>
  );
}

function UploadStep({
  detail,
  csvResult,
  onCsvRead,
}: {
  detail: ResultUploadDetail;
  csvResult: ConfirmCsvColumnsResult | null;
  onCsvRead: (result: ConfirmCsvColumnsResult) => void;
}) {
  const { upload, draft } = detail;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new step takes the focus to its heading, so a screen reader starts reading there.
  const step = upload.status;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const title =
    step === 'needs-columns'
      ? 'Match the columns'
      : step === 'needs-confirmation'
        ? 'Check the values'
        : step === 'reading'
          ? 'Reading your lab report'
          : step === 'unreadable'
            ? 'We could not read this file'
            : 'Your lab report';

  return (
    <section className="rf-step" aria-labelledby="rf-step-title">
      <div>
        <h1 id="rf-step-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {/* The customer's own file name: rendered as text, never as markup. */}
        <p className="acc-page-lead">{upload.fileName}</p>
      </div>
      {step === 'reading' ? (
        <ReadingProgress upload={upload} />
      ) : step === 'needs-columns' && draft?.kind === 'csv' ? (
        <CsvColumnsStep uploadId={upload.id} draft={draft} onRead={onCsvRead} />
      ) : step === 'needs-confirmation' && draft?.kind === 'document' ? (
        <ConfirmReadingsStep upload={upload} draft={draft} />
      ) : (
        <UploadOutcome detail={detail} csvResult={csvResult} />
      )}
    </section>
  );
}
