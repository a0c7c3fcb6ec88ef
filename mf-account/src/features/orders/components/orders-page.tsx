import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import type { AccountOrderSummary } from '@shop/shared/contract/account-orders';
import { formatMoney } from '@shop/shared/format/money';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useLoginOn401 } from '../../account-overview/hooks/use-login-on-401';
import { formatDate } from '../../subscriptions/model/subscription-text';
import { useAccountOrders } from '../api/account-orders';
import { orderOrigin, orderPath, orderStatusText } from '../model/order-text';

function OrderRow({ order }: { order: AccountOrderSummary }) {
  const status = orderStatusText(order);
  return (
    <li className="acc-order-row">
      <div className="acc-history-text">
        <Link to={orderPath(order.id)} className="acc-sub-link">
          Order {order.number}
        </Link>
        <span>{order.summary}</span>
        <span className="acc-muted">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> ·{' '}
          {orderOrigin(order)}
        </span>
      </div>
      <div className="acc-history-side">
        <span className="acc-history-amount">{formatMoney(order.total, order.currency)}</span>
        <span className={order.refunded > 0 ? 'acc-badge acc-badge--warn' : 'acc-badge'}>
          {status}
        </span>
      </div>
    </li>
  );
}

/** /account/orders: every paid order of the signed-in customer, newest first, each a link to its page. */
export function OrdersPage() {
  const orders = useAccountOrders();
  const redirecting = useLoginOn401(orders.error);
  const list = orders.data?.orders ?? [];

  return (
    <div className="acc acc-page">
      <AccountStyles />
      <p className="acc-back">
        <Link to="/account">← Your account</Link>
      </p>
      <h1>Your orders</h1>
      {redirecting ? (
        <p className="acc-page-lead" role="status">
          Please log in to see your orders…
        </p>
      ) : orders.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} aria-label="Loading your orders" />
      ) : orders.isError ? (
        <LoadFailed what="your orders" onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <p className="acc-page-lead">
          No orders yet. <Link to="/pricing">See the kits and plans</Link>
        </p>
      ) : (
        <>
          <p className="acc-page-lead">
            Every order of your account, from the shop, a partner’s shop or a subscription renewal.
            Open one for its receipt and refunds.
          </p>
          <ol className="acc-list" aria-label="Orders">
            {list.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
