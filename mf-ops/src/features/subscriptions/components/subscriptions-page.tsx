import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { formatWhen } from '../../shared/components/format-when';
import { LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { useSubscriptionList, type SubscriptionSummary } from '../api/subscription-list';
import {
  paramsFromSubscriptionFilters,
  subscriptionFiltersFromParams,
  type SubscriptionFilters,
} from '../model/subscription-filters';
import { SubscriptionDetail } from './subscription-detail';
import { SubscriptionFiltersForm } from './subscription-filters-form';
import {
  formatDay,
  planLabel,
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
} from './subscription-labels';

const none = <span className="ops-muted">—</span>;

/**
 * Every subscription, newest first: found by e-mail or id, filtered by status, more pages on
 * request, and any one opened below the list with its renewals, changes and the operator's actions.
 */
export function SubscriptionsPage() {
  // The filters and the open subscription live in the address: Back and a reload keep them.
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => subscriptionFiltersFromParams(new URLSearchParams(key)), [key]);
  const apiQuery = useMemo(() => paramsFromSubscriptionFilters(filters), [filters]);
  const openId = params.get('subscription');
  const list = useSubscriptionList(apiQuery);
  const { first, rows, reloading } = list;

  const apply = (next: SubscriptionFilters) => setParams(paramsFromSubscriptionFilters(next));
  const hrefOf = (id: string) =>
    `?${new URLSearchParams({ ...apiQuery, subscription: id }).toString()}`;
  const open = (id: string) => setParams({ ...apiQuery, subscription: id });

  const columns = [
    { title: 'Started', dataIndex: 'createdAt', render: formatWhen },
    {
      title: 'Subscription',
      dataIndex: 'id',
      render: (id: string) => (
        <a
          href={hrefOf(id)}
          onClick={(event) => {
            event.preventDefault();
            open(id);
          }}
          aria-label={`Open subscription ${id}`}
          aria-current={id === openId ? 'true' : undefined}
        >
          <code>{id}</code>
        </a>
      ),
    },
    { title: 'Customer', dataIndex: 'email', render: (email: string | null) => email ?? none },
    {
      title: 'Plan',
      key: 'plan',
      render: (_: unknown, subscription: SubscriptionSummary) => planLabel(subscription),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: SubscriptionSummary['status'], subscription: SubscriptionSummary) => (
        <>
          <Tag color={SUBSCRIPTION_STATUS_COLORS[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Tag>
          {subscription.cancelAtPeriodEnd && <Tag>ends at period end</Tag>}
        </>
      ),
    },
    {
      title: 'Next renewal',
      dataIndex: 'nextRenewalAt',
      render: (at: string | null) => (at ? formatDay(at) : none),
    },
    { title: 'Cycles', dataIndex: 'renewedCycles', align: 'right' as const },
    {
      title: 'Failures',
      dataIndex: 'failedAttempts',
      align: 'right' as const,
      render: (failed: number) =>
        failed > 0 ? <strong className="ops-error">{failed}</strong> : 0,
    },
  ];

  const anyFilter = Object.keys(apiQuery).length > 0;

  return (
    <section aria-labelledby="ops-subscriptions-heading">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'baseline',
          justifyContent: 'space-between',
          // A phone puts the settings link on its own line: keep it apart from the first field.
          marginBottom: 16,
        }}
      >
        <h2 id="ops-subscriptions-heading" style={{ fontSize: 22 }}>
          Subscriptions
        </h2>
        <Link to="/ops/subscriptions/settings">Dunning and reminder settings</Link>
      </div>
      <SubscriptionFiltersForm applied={filters} loading={reloading} onApply={apply} />
      {first.isPending ? (
        <LoadingBlock what="subscriptions" />
      ) : first.isError ? (
        <LoadFailed what="subscriptions" error={first.error} onRetry={() => void first.refetch()} />
      ) : (
        <>
          <p role="status" aria-live="polite" className="ops-muted" style={{ margin: '0 0 8px' }}>
            {reloading
              ? 'Updating the list…'
              : `${rows.length} ${rows.length === 1 ? 'subscription' : 'subscriptions'}${
                  list.hasOlder ? ' shown, newest first; older ones on request' : ''
                }${anyFilter ? ' matching the filters' : ''}`}
          </p>
          <div className="ops-table-scroll">
            <Table<SubscriptionSummary>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={reloading}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: anyFilter
                  ? 'No subscriptions match these filters'
                  : 'No subscriptions yet',
              }}
              rowClassName={(row) => (row.id === openId ? 'ops-row--open' : '')}
            />
          </div>
          {list.olderError && (
            <LoadFailed
              what="older subscriptions"
              error={list.olderError}
              onRetry={list.retryOlder}
            />
          )}
          {(list.hasOlder || list.olderLoading) && (
            <div style={{ marginTop: 12 }}>
              <Button onClick={list.showOlder} loading={list.olderLoading} disabled={reloading}>
                Show older subscriptions
              </Button>
            </div>
          )}
        </>
      )}
      {openId && (
        <div style={{ marginTop: 16 }}>
          <SubscriptionDetail key={openId} subscriptionId={openId} />
        </div>
      )}
    </section>
  );
}
