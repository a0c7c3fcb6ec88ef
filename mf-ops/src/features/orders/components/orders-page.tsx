import { useSearchParams } from 'react-router';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { formatMoney } from '@shop/shared/format/money';
import { formatWhen } from '../../shared/components/format-when';
import { QueryState } from '../../shared/components/load-state';
import { useOrderSearch, type OrderSummary } from '../api/order-search';
import { OrderDetail } from './order-detail';

/** Find an order by e-mail or id; open it to see everything about it and refund it. */
export function OrdersPage() {
  // The search and the open order live in the address: Back and a reload keep them.
  const [params, setParams] = useSearchParams();
  const q = params.get('q');
  const openId = params.get('order');
  const search = useOrderSearch(q);
  const open = (id: string) => setParams(q ? { q, order: id } : { order: id });

  const columns = [
    {
      title: 'Order',
      dataIndex: 'id',
      render: (id: string) => (
        <a
          href={`?order=${encodeURIComponent(id)}`}
          onClick={(event) => {
            event.preventDefault();
            open(id);
          }}
          aria-label={`Open order ${id}`}
        >
          <code>{id.slice(0, 8)}</code>
        </a>
      ),
    },
    { title: 'Customer', dataIndex: 'email' },
    { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag>{status}</Tag> },
    {
      title: 'Total',
      dataIndex: 'total',
      render: (total: number, order: OrderSummary) => formatMoney(total, order.currency),
    },
    {
      title: 'Refunded',
      dataIndex: 'refunded',
      render: (refunded: number, order: OrderSummary) => formatMoney(refunded, order.currency),
    },
    { title: 'Placed', dataIndex: 'createdAt', render: formatWhen },
  ];

  return (
    <section aria-labelledby="ops-orders-heading">
      <h2 id="ops-orders-heading" style={{ fontSize: 22 }}>
        Orders
      </h2>
      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        style={{ maxWidth: 560, marginBottom: 16 }}
      >
        <label htmlFor="ops-order-search" style={{ display: 'block', marginBottom: 6 }}>
          E-mail address or order id
        </label>
        <Input.Search
          id="ops-order-search"
          defaultValue={q ?? ''}
          enterButton="Search"
          allowClear
          loading={search.isFetching}
          onSearch={(value) => {
            const text = value.trim();
            if (text) setParams({ q: text });
          }}
        />
      </form>
      {q !== null && (
        <QueryState query={search} what="orders">
          {(data) => (
            <div className="ops-table-scroll" aria-live="polite">
              <Table<OrderSummary>
                size="small"
                rowKey="id"
                columns={columns}
                dataSource={data.orders}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: `No orders for “${q}”` }}
                rowClassName={(order) => (order.id === openId ? 'ops-row--open' : '')}
              />
            </div>
          )}
        </QueryState>
      )}
      {openId && (
        <div style={{ marginTop: 16 }}>
          <OrderDetail key={openId} orderId={openId} />
        </div>
      )}
    </section>
  );
}
