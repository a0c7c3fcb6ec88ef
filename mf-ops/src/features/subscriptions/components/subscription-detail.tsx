import { useEffect, useState } from 'react';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { Link } from 'react-router';
import type { OpsSubscriptionDetail } from '@shop/shared/contract/ops';
import { formatMoney } from '@shop/shared/format/money';
import { formatWhen } from '../../shared/components/format-when';
import { LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { useOpsSubscription } from '../api/subscription';
import { SubscriptionActions } from './subscription-actions';
import {
  changeLabel,
  detailText,
  formatDay,
  planLabel,
  RENEWAL_STATUS_LABELS,
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
} from './subscription-labels';

type Renewal = OpsSubscriptionDetail['renewals'][number];
type Change = OpsSubscriptionDetail['changes'][number];

const RENEWAL_COLORS: Record<Renewal['status'], string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

/** One subscription: who holds it, where it stands, its renewals and changes, and the actions. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function SubscriptionDetail({ subscriptionId }: { subscriptionId: string }) {
  // After a retry, the try runs as a job: the detail is read again until its outcome shows (paid,
  // or one more failed try). Holds the failed tries counted when the retry was accepted.
  const [retriedFrom, setRetriedFrom] = useState<number | null>(null);
  const query = useOpsSubscription(subscriptionId, retriedFrom !== null);
  const settled =
    retriedFrom !== null &&
    query.data !== undefined &&
    (query.data.subscription.status !== 'past_due' ||
      query.data.subscription.failedAttempts > retriedFrom);
  useEffect(() => {
    if (settled) setRetriedFrom(null);
  }, [settled]);
  if (query.isPending) return <LoadingBlock what="the subscription" />;
  if (query.isError)
    return (
      <LoadFailed
        what="the subscription"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { subscription: s, renewals, changes } = query.data;

  const renewalColumns = [
    { title: 'Cycle', dataIndex: 'cycle' },
    { title: 'Try', dataIndex: 'attempt' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: Renewal['status'], renewal: Renewal) => (
        <>
          <Tag color={RENEWAL_COLORS[status]}>{RENEWAL_STATUS_LABELS[status]}</Tag>
          {renewal.hardDecline && <Tag color="error">hard decline</Tag>}
        </>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      render: (cents: number, renewal: Renewal) => formatMoney(cents, renewal.currency),
    },
    {
      title: 'Period',
      key: 'period',
      render: (_: unknown, renewal: Renewal) =>
        `${formatDay(renewal.periodStart)} – ${formatDay(renewal.periodEnd)}`,
    },
    {
      title: 'Failure',
      key: 'failure',
      render: (_: unknown, renewal: Renewal) =>
        renewal.failureCode ? (
          <span className="ops-error">
            {renewal.failureCode}
            {renewal.failureMessage && `: ${renewal.failureMessage}`}
          </span>
        ) : (
          <span className="ops-muted">—</span>
        ),
    },
    {
      title: 'Order',
      dataIndex: 'orderId',
      render: (orderId: string | null) =>
        orderId ? (
          <Link to={`/ops/orders?order=${orderId}`}>
            <code>{orderId.slice(0, 8)}</code>
          </Link>
        ) : (
          <span className="ops-muted">—</span>
        ),
    },
    { title: 'When', dataIndex: 'at', render: formatWhen },
  ];
  const changeColumns = [
    { title: 'When', dataIndex: 'at', render: formatWhen },
    { title: 'By', dataIndex: 'actor' },
    {
      title: 'Change',
      dataIndex: 'action',
      render: (action: string) => <Tag>{changeLabel(action)}</Tag>,
    },
    {
      title: 'Detail',
      dataIndex: 'detail',
      render: (detail: Record<string, unknown>) => detailText(detail),
    },
  ];

  return (
    <Card
      title={
        <h3 style={{ margin: 0, fontSize: 18, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          Subscription {s.id}
        </h3>
      }
      aria-busy={query.isFetching}
    >
      <dl className="ops-dl">
        <dt>Customer</dt>
        <dd>{s.email ?? '—'}</dd>
        <dt>Plan</dt>
        <dd>{planLabel(s)}</dd>
        <dt>Status</dt>
        <dd data-testid="subscription-status">
          <Tag color={SUBSCRIPTION_STATUS_COLORS[s.status]}>
            {SUBSCRIPTION_STATUS_LABELS[s.status]}
          </Tag>
          {s.cancelAtPeriodEnd && `ends ${formatDay(s.currentPeriodEnd)}, not renewed`}
          {s.status === 'paused' && s.pausedUntil && `until ${formatDay(s.pausedUntil)}`}
          {s.canceledAt && `on ${formatDay(s.canceledAt)}`}
          {s.cancelReason && <span className="ops-muted"> ({s.cancelReason})</span>}
        </dd>
        <dt>This period</dt>
        <dd>
          {formatDay(s.currentPeriodStart)} – {formatDay(s.currentPeriodEnd)}
        </dd>
        <dt>Next renewal</dt>
        <dd>{s.nextRenewalAt ? formatDay(s.nextRenewalAt) : 'none'}</dd>
        <dt>Renewed cycles</dt>
        <dd>{s.renewedCycles}</dd>
        <dt>Failed tries</dt>
        <dd>
          {s.failedAttempts}
          {s.status === 'past_due' &&
            (s.nextRetryAt
              ? ` · next try ${formatWhen(s.nextRetryAt)}`
              : ' · no automatic try left')}
        </dd>
        {s.skippedCycle !== null && (
          <>
            <dt>Skipped</dt>
            <dd>cycle {s.skippedCycle}</dd>
          </>
        )}
        <dt>Card on file</dt>
        <dd>{s.hasCard ? 'yes' : 'none'}</dd>
        <dt>Billed by</dt>
        <dd>
          {s.provider === 'stripe' ? 'Stripe Billing' : 'the shop’s renewal job'}
          {s.providerSubscriptionId && (
            <>
              {' '}
              <code>{s.providerSubscriptionId}</code>
            </>
          )}
        </dd>
        <dt>Started</dt>
        <dd>
          {formatWhen(s.createdAt)}
          {s.originOrderId && (
            <>
              {' · '}
              <Link to={`/ops/orders?order=${s.originOrderId}`}>first order</Link>
            </>
          )}
        </dd>
      </dl>
      <SubscriptionActions
        detail={query.data}
        onRetried={(failedAttempts) => setRetriedFrom(failedAttempts)}
      />
      <p role="status" aria-live="polite" className="ops-muted" style={{ marginTop: 8 }}>
        {retriedFrom !== null
          ? 'The renewal is being tried; this page updates with its outcome.'
          : ''}
      </p>
      <section aria-label="Renewals" className="ops-table-scroll" style={{ marginTop: 16 }}>
        <h4 style={{ fontSize: 16, margin: '0 0 8px' }}>Renewals</h4>
        <Table<Renewal>
          size="small"
          rowKey="cycle"
          pagination={false}
          columns={renewalColumns}
          dataSource={renewals}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No renewal yet' }}
        />
      </section>
      <section aria-label="Changes" className="ops-table-scroll" style={{ marginTop: 16 }}>
        <h4 style={{ fontSize: 16, margin: '0 0 8px' }}>Changes</h4>
        <Table<Change>
          size="small"
          rowKey={(change) => `${change.at}-${change.action}-${change.actor}`}
          pagination={false}
          columns={changeColumns}
          dataSource={changes}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No changes yet' }}
        />
      </section>
    </Card>
  );
}
