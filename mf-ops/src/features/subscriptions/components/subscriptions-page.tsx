import { useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import { LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { useSubscriptionList, type SubscriptionSummary } from '../api/subscription-list';
import {
  paramsFromSubscriptionFilters,
  subscriptionFiltersFromParams,
  type SubscriptionFilters,
} from '../model/subscription-filters';
import { useOpenRow } from '../../shared/hooks/use-open-row';
import { SubscriptionFiltersForm } from './subscription-filters-form';
import { subscriptionColumns } from './subscription-columns';

/**
 * Every subscription, newest first: found by e-mail or id, filtered by status, more pages on
 * request; a row opens the subscription on a page of its own.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function SubscriptionsPage() {
  // The filters live in the address: Back and a reload keep them.
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => subscriptionFiltersFromParams(new URLSearchParams(key)), [key]);
  const apiQuery = useMemo(() => paramsFromSubscriptionFilters(filters), [filters]);
  const list = useSubscriptionList(apiQuery);
  const { first, rows, reloading } = list;
  const opener = useOpenRow<SubscriptionSummary>(
    (row) => `/ops/subscriptions/${encodeURIComponent(row.id)}`,
    (row) => `Subscription ${row.id}${row.email ? `, ${row.email}` : ''}`,
  );

  const apply = (next: SubscriptionFilters) => setParams(paramsFromSubscriptionFilters(next));
  // Links from before the detail had its own page (?subscription=<id>) open that page.
  const legacyOpen = params.get('subscription');
  if (legacyOpen)
    return <Navigate to={`/ops/subscriptions/${encodeURIComponent(legacyOpen)}`} replace />;

  const columns = subscriptionColumns(opener.from);

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
              locale={{
                emptyText: anyFilter
                  ? 'No subscriptions match these filters'
                  : 'No subscriptions yet',
              }}
              onRow={opener.onRow}
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
    </section>
  );
}
