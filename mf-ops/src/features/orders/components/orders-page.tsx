import { useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { formatMoney } from '@shop/shared/format/money';
import { formatWhen } from '../../shared/components/format-when';
import { LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { useOrderList, type OrderSummary } from '../api/order-list';
import {
  apiQueryOf,
  filtersFromParams,
  hasFilters,
  paramsFromFilters,
  type OrderFilters,
} from '../model/order-filters';
import { useOpenRow } from '../../shared/hooks/use-open-row';
import { orderNumber } from '../model/order-number';
import { KIND_LABELS, OrderFiltersForm, STATUS_LABELS } from './order-filters-form';

const STATUS_COLORS: Record<OrderSummary['status'], string> = {
  pending: 'default',
  requires_action: 'warning',
  paid: 'processing',
  failed: 'error',
  fulfilled: 'success',
};

/**
 * Every order, newest first, the way a merchant's admin opens: filtered by search, status, kind,
 * partner and dates, more pages on request; a row opens its order on a page of its own.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function OrdersPage() {
  // The filters live in the address: Back, a reload and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // One object per address, so the form resets only when the address really changes.
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const apiQuery = useMemo(() => apiQueryOf(filters), [filters]);
  const list = useOrderList(apiQuery);
  const { first, orders, reloading } = list;
  const rows = useOpenRow<OrderSummary>(
    (order) => `/ops/orders/${order.id}`,
    (order) => `Order ${orderNumber(order.id)}, ${order.email}`,
  );

  const apply = (next: OrderFilters) => setParams(paramsFromFilters(next));
  // Links from before the detail had its own page (?order=<id>) open that page.
  const legacyOpen = params.get('order');
  if (legacyOpen) return <Navigate to={`/ops/orders/${legacyOpen}`} replace />;

  const columns = [
    // Less needed columns give way on narrow screens (ops-col--* in the console's styles).
    { title: 'Placed', dataIndex: 'createdAt', className: 'ops-col--md', render: formatWhen },
    {
      title: 'Order',
      dataIndex: 'id',
      render: (id: string) => (
        <Link to={`/ops/orders/${id}`} state={rows.from} aria-label={`Open order ${id}`}>
          <code>{orderNumber(id)}</code>
        </Link>
      ),
    },
    {
      title: 'Customer',
      dataIndex: 'email',
      render: (email: string) => (
        <span className="ops-ellipsis" title={email}>
          {email}
        </span>
      ),
    },
    {
      title: 'Kind',
      dataIndex: 'kind',
      className: 'ops-col--lg',
      render: (kind: OrderSummary['kind']) => KIND_LABELS[kind],
    },
    {
      title: 'Partner',
      dataIndex: 'businessKey',
      className: 'ops-col--lg',
      render: (key: string | null) => key ?? <span className="ops-muted">—</span>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: OrderSummary['status']) => (
        <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>
      ),
    },
    {
      title: 'Total',
      dataIndex: 'total',
      align: 'right' as const,
      render: (total: number, order: OrderSummary) => formatMoney(total, order.currency),
    },
    {
      title: 'Refunded',
      dataIndex: 'refunded',
      className: 'ops-col--md',
      align: 'right' as const,
      render: (refunded: number, order: OrderSummary) =>
        refunded > 0 ? formatMoney(refunded, order.currency) : <span className="ops-muted">—</span>,
    },
  ];

  const filtered = hasFilters(filters);

  return (
    <section aria-labelledby="ops-orders-heading">
      <h2 id="ops-orders-heading" style={{ fontSize: 22 }}>
        Orders
      </h2>
      <OrderFiltersForm applied={filters} loading={reloading} onApply={apply} />
      {first.isPending ? (
        <LoadingBlock what="orders" />
      ) : first.isError ? (
        <LoadFailed what="orders" error={first.error} onRetry={() => void first.refetch()} />
      ) : (
        <>
          <p role="status" aria-live="polite" className="ops-muted" style={{ margin: '0 0 8px' }}>
            {reloading
              ? 'Updating the list…'
              : `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}${
                  list.hasOlder ? ' shown, newest first; older ones on request' : ''
                }${filtered ? ' matching the filters' : ''}`}
          </p>
          <div className="ops-table-scroll">
            <Table<OrderSummary>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={orders}
              loading={reloading}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: filtered ? 'No orders match these filters' : 'No orders yet',
              }}
              onRow={rows.onRow}
            />
          </div>
          {list.olderError && (
            <LoadFailed what="older orders" error={list.olderError} onRetry={list.retryOlder} />
          )}
          {(list.hasOlder || list.olderLoading) && (
            <div style={{ marginTop: 12 }}>
              <Button onClick={list.showOlder} loading={list.olderLoading} disabled={reloading}>
                Show older orders
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
