import { useParams } from 'react-router';
import { DetailFrame } from '../../shared/components/detail-frame';
import { orderNumber } from '../model/order-number';
import { OrderDetail } from './order-detail';

/** One order on a page of its own, /ops/orders/:orderId: linkable, and Back returns to the list. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return (
    <DetailFrame heading={`Order ${orderNumber(orderId)}`} listPath="/ops/orders" listName="orders">
      <OrderDetail key={orderId} orderId={orderId} />
    </DetailFrame>
  );
}
