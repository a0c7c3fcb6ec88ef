import Skeleton from 'antd/es/skeleton';
import { Link, useParams } from 'react-router';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useLoginOn401 } from '../../account-overview/hooks/use-login-on-401';
import { useAccountOrder } from '../api/account-order';
import { ORDERS_PATH } from '../model/order-text';
import { OrderDetails } from './order-details';

/**
 * /account/orders/:id: one of the signed-in customer's orders; another's, or none, is "not found"
 * (the API answers both with the same 404). A logged-out visitor logs in and comes back here.
 */
export function OrderPage() {
  const id = useParams().id ?? '';
  const order = useAccountOrder(id);
  const redirecting = useLoginOn401(order.error);

  return (
    <div className="acc acc-page">
      <AccountStyles />
      <p className="acc-back acc-no-print">
        <Link to={ORDERS_PATH}>← Your orders</Link>
      </p>
      {redirecting ? (
        <>
          <h1>Your order</h1>
          <p className="acc-page-lead" role="status">
            Please log in to see your order…
          </p>
        </>
      ) : order.isPending ? (
        <div aria-busy="true">
          <h1>Your order</h1>
          <Skeleton active paragraph={{ rows: 6 }} aria-label="Loading your order" />
        </div>
      ) : order.isError ? (
        <>
          <h1>Your order</h1>
          {order.error.status === 404 ? (
            <p role="alert">
              We could not find this order in your account.{' '}
              <Link to={ORDERS_PATH}>See your orders</Link>
            </p>
          ) : (
            <LoadFailed what="your order" onRetry={() => void order.refetch()} />
          )}
        </>
      ) : (
        <OrderDetails order={order.data} />
      )}
    </div>
  );
}
