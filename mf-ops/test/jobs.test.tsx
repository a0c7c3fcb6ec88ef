// The Jobs screen: dead and failing jobs with their last error, and a retry that puts one back in
// the queue; reached from the console's navigation at /ops/jobs.
import { screen, waitFor, within } from '@testing-library/react';
import type { OpsJob } from '@shop/shared/contract/ops';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

const AT = '2026-11-22T02:04:11.020Z';

const job = (id: number, extra: Partial<OpsJob> = {}): OpsJob => ({
  id,
  kind: 'mail.send',
  status: 'dead',
  key: null,
  singletonKey: `outbox:${id}`,
  payload: { outboxId: id },
  attempts: 5,
  maxAttempts: 5,
  runAt: AT,
  lastError: 'SMTP 421: try again later',
  createdAt: AT,
  finishedAt: AT,
  ...extra,
});

describe('jobs screen', () => {
  it('is in the navigation, lists dead jobs with their error, and retries one', async () => {
    let dead = [job(7), job(8, { kind: 'renewal.charge', lastError: 'card_declined' })];
    const { user, api } = renderOps('/ops/releases', ({ method, url, params }) => {
      if (method === 'get' && url === '/api/v1/ops/jobs')
        return {
          status: 200,
          data: {
            jobs:
              params.state === 'failing'
                ? [job(9, { status: 'queued', attempts: 2, lastError: 'timeout' })]
                : dead,
          },
        };
      if (method === 'post' && url === '/api/v1/ops/jobs/7/retry') {
        dead = dead.filter((row) => row.id !== 7);
        return { status: 200, data: { job: job(7, { status: 'queued', finishedAt: null }) } };
      }
      if (method === 'get' && url === '/api/v1/ops/deliveries')
        return fakeError(503, 'UNAVAILABLE', 'not this test');
      return undefined;
    });
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    await user.click(within(nav).getByRole('link', { name: 'Jobs' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Jobs' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'mail.send #7' });
    expect(first).toHaveTextContent('SMTP 421: try again later');
    expect(first).toHaveTextContent('5 of 5');
    expect(screen.getByRole('listitem', { name: 'renewal.charge #8' })).toHaveTextContent(
      'card_declined',
    );
    expect(api.calls(/ops\/jobs$/, 'get')[0]?.params).toEqual({ state: 'dead' });

    await user.click(within(first).getByRole('button', { name: 'Retry job 7 (mail.send)' }));
    expect(
      await screen.findByText('Job 7 (mail.send) is queued again, due now.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'mail.send #7' })).toBeNull(),
    );
    expect(api.calls(/retry$/, 'post')).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'Failing (will try again)' }));
    expect(await screen.findByRole('listitem', { name: 'mail.send #9' })).toHaveTextContent(
      'timeout',
    );
  });

  it('says why a retry was refused', async () => {
    const { user } = renderOps('/ops/jobs', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/jobs')
        return { status: 200, data: { jobs: [job(3)] } };
      if (method === 'post')
        return fakeError(409, 'CONFLICT', 'Job 3 is queued: only dead jobs can be retried.');
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Retry job 3 (mail.send)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Job 3 is queued: only dead jobs can be retried.',
    );
  });

  it('says so when no job is dead', async () => {
    renderOps('/ops/jobs', ({ method, url }) =>
      method === 'get' && url === '/api/v1/ops/jobs'
        ? { status: 200, data: { jobs: [] } }
        : undefined,
    );
    expect(await screen.findByText('No dead jobs.')).toBeInTheDocument();
  });
});
