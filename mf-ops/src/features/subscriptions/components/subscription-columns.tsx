import { Link } from 'react-router';
import Tag from 'antd/es/tag';
import { formatWhen } from '../../shared/components/format-when';
import type { DetailFrom } from '../../shared/hooks/use-open-row';
import type { SubscriptionSummary } from '../api/subscription-list';
import {
  formatDay,
  planLabel,
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
} from './subscription-labels';

const none = <span className="ops-muted">—</span>;

/**
 * The list's columns. Long ids and e-mails end in an ellipsis (the whole text in their title), and
 * the less needed columns give way on narrower screens (ops-col--* in the console's styles), so the
 * table fits 1280 px and stays readable at 375 px.
 */
export function subscriptionColumns(from: DetailFrom) {
  return [
    {
      title: 'Started',
      dataIndex: 'createdAt',
      className: 'ops-col--lg',
      render: formatWhen,
    },
    {
      title: 'Subscription',
      dataIndex: 'id',
      render: (id: string, row: SubscriptionSummary) => (
        <div className="ops-stack">
          <Link
            to={`/ops/subscriptions/${encodeURIComponent(id)}`}
            state={from}
            aria-label={`Open subscription ${id}`}
            title={id}
            className="ops-ellipsis"
          >
            <code>{id}</code>
          </Link>
          {row.email ? (
            <span className="ops-ellipsis" title={row.email}>
              {row.email}
            </span>
          ) : (
            none
          )}
        </div>
      ),
    },
    {
      title: 'Plan',
      key: 'plan',
      className: 'ops-col--md',
      render: (_: unknown, row: SubscriptionSummary) => planLabel(row),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: SubscriptionSummary['status'], row: SubscriptionSummary) => (
        <div className="ops-stack">
          <Tag color={SUBSCRIPTION_STATUS_COLORS[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Tag>
          {row.cancelAtPeriodEnd && <Tag>ends at period end</Tag>}
        </div>
      ),
    },
    {
      title: 'Next renewal',
      dataIndex: 'nextRenewalAt',
      className: 'ops-col--sm',
      render: (at: string | null) => (at ? formatDay(at) : none),
    },
    {
      title: 'Cycles',
      dataIndex: 'renewedCycles',
      className: 'ops-col--lg',
      align: 'right' as const,
    },
    {
      title: 'Failures',
      dataIndex: 'failedAttempts',
      align: 'right' as const,
      render: (failed: number) =>
        failed > 0 ? <strong className="ops-error">{failed}</strong> : 0,
    },
  ];
}
