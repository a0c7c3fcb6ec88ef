// What sits around the biomarkers: when to test again, reports still waiting, and where each
// report came from (the order or subscription kit).
import { Link } from 'react-router';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import type { ResultSource, RetestPrompt } from '@shop/shared/contract/results';
import { formatDate } from '../model/result-text';
import { formatDate as formatRenewalDate } from '../../subscriptions/model/subscription-text';
import { resultUploadPath } from '../../result-uploads/model/result-upload-paths';

export function RetestBox({ retest }: { retest: RetestPrompt }) {
  return (
    <section className="res-box" aria-labelledby="res-retest">
      <h2 id="res-retest">Your next test</h2>
      {retest.subscriptionId ? (
        // The plan's next kit: the same day, read the same way, as its subscription shows.
        <p>
          Due <strong>{formatRenewalDate(retest.dueAt)}</strong>, when your plan sends its next kit
          ({retest.intervalLabel}).
        </p>
      ) : (
        <p>
          Due <strong>{formatDate(retest.dueAt)}</strong>: {retest.intervalLabel} after your latest
          sample.
        </p>
      )}
      <Link to={retest.href} className="acc-sub-link">
        {retest.subscriptionId ? 'See the subscription that sends it' : 'Order your next kit'}
      </Link>
    </section>
  );
}

function pendingWords(upload: ResultUpload): string {
  switch (upload.status) {
    case 'reading':
      return `Being read${upload.progress === null ? '' : ` (${upload.progress}%)`}`;
    case 'needs-columns':
      return 'Waiting for you to match its columns';
    case 'needs-confirmation':
      return 'Waiting for you to confirm its values';
    case 'unreadable':
      return `Could not be read${upload.problem ? `: ${upload.problem}` : ''}`;
    default:
      return 'Stored, not read yet';
  }
}

/** What the upload's own page offers next: its progress, or the step that waits for the customer. */
const NEXT_STEP: Partial<Record<ResultUpload['status'], string>> = {
  reading: 'See progress',
  'needs-columns': 'Match the columns',
  'needs-confirmation': 'Check the values',
};

export function PendingUploads({ uploads }: { uploads: readonly ResultUpload[] }) {
  return (
    <section className="res-box res-pending" aria-labelledby="res-pending">
      <h2 id="res-pending">Reports not shown yet</h2>
      <ul className="acc-list">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <strong>{upload.fileName}</strong>
            <span className="acc-muted">{pendingWords(upload)}</span>
            {NEXT_STEP[upload.status] && (
              <Link
                to={resultUploadPath(upload.id)}
                aria-label={`${NEXT_STEP[upload.status]}: ${upload.fileName}`}
              >
                {NEXT_STEP[upload.status]}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ResultSources({ sources }: { sources: readonly ResultSource[] }) {
  return (
    <section className="res-box res-sources" aria-labelledby="res-sources">
      <h2 id="res-sources">Where these results come from</h2>
      <ul className="acc-list">
        {sources.map((source) => (
          <li key={source.uploadId}>
            <strong>{source.fileName}</strong>
            <span className="acc-muted">
              {source.collectedAt
                ? `Sample taken ${formatDate(source.collectedAt)}`
                : 'Collection date not given'}
            </span>
            {(source.order || source.subscription) && (
              <span className="res-links">
                {source.order && <Link to={source.order.href}>The order its kit came with</Link>}
                {source.subscription && <Link to={source.subscription.href}>Its subscription</Link>}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
