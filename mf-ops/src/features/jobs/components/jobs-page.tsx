import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import type { OpsJob } from '@shop/shared/contract/ops';
import { formatWhen } from '../../shared/components/format-when';
import { errorText, QueryState } from '../../shared/components/load-state';
import { useJobs, useRetryJob, type JobTrouble } from '../api/jobs';

const TROUBLE_LABELS: Record<JobTrouble, string> = {
  dead: 'Dead (out of tries)',
  failing: 'Failing (will try again)',
};

function JobCard({ job, onRetry, busy }: { job: OpsJob; onRetry: () => void; busy: boolean }) {
  return (
    <li className="ops-job" aria-labelledby={`ops-job-${job.id}`}>
      <div className="ops-job__head">
        <h3 id={`ops-job-${job.id}`} className="ops-subheading" style={{ margin: 0 }}>
          {job.kind} <span className="ops-muted">#{job.id}</span>
        </h3>
        <Tag color={job.status === 'dead' ? 'error' : 'warning'}>{job.status}</Tag>
      </div>
      <dl className="ops-dl">
        <dt>Tries</dt>
        <dd>
          {job.attempts} of {job.maxAttempts}
        </dd>
        {job.singletonKey && (
          <>
            <dt>Subject</dt>
            <dd>
              <code>{job.singletonKey}</code>
            </dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{formatWhen(job.createdAt)}</dd>
        <dt>{job.status === 'dead' ? 'Gave up' : 'Next try'}</dt>
        <dd>{formatWhen(job.status === 'dead' ? (job.finishedAt ?? job.runAt) : job.runAt)}</dd>
        <dt>Last error</dt>
        <dd>
          <pre className="ops-job__error">{job.lastError ?? 'none recorded'}</pre>
        </dd>
      </dl>
      <Button onClick={onRetry} loading={busy} aria-label={`Retry job ${job.id} (${job.kind})`}>
        Retry now
      </Button>
    </li>
  );
}

/**
 * The job queue's troubles: jobs that ran out of tries (dead) or are failing between tries, each
 * with its last error, and a retry that puts it back in the queue, due now.
 */
export function JobsPage() {
  const [state, setState] = useState<JobTrouble>('dead');
  const jobs = useJobs(state);
  const retry = useRetryJob();
  return (
    <section aria-labelledby="ops-jobs-heading">
      <h2 id="ops-jobs-heading" style={{ fontSize: 22 }}>
        Jobs
      </h2>
      <Radio.Group
        aria-label="Which jobs"
        value={state}
        onChange={(event) => {
          setState(event.target.value as JobTrouble);
          retry.reset();
        }}
        optionType="button"
        options={(Object.keys(TROUBLE_LABELS) as JobTrouble[]).map((value) => ({
          value,
          label: TROUBLE_LABELS[value],
        }))}
        style={{ marginBottom: 16 }}
      />
      <p role="status" aria-live="polite" className="ops-muted">
        {retry.isSuccess
          ? `Job ${retry.data.id} (${retry.data.kind}) is queued again, due now.`
          : ''}
      </p>
      {retry.error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="The job was not retried"
          description={errorText(retry.error)}
        />
      )}
      <QueryState query={jobs} what="jobs">
        {(list) =>
          list.length === 0 ? (
            <p>{state === 'dead' ? 'No dead jobs.' : 'No failing jobs.'}</p>
          ) : (
            <ul className="ops-jobs">
              {list.map((job) => (
                <JobCard
                  key={job.id}
                  job={job}
                  busy={retry.isPending && retry.variables === job.id}
                  onRetry={() => retry.mutate(job.id)}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
