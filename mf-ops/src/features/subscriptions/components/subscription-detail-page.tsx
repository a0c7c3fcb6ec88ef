import { useParams } from 'react-router';
import { DetailFrame } from '../../shared/components/detail-frame';
import { SubscriptionDetail } from './subscription-detail';

/** One subscription on a page of its own, /ops/subscriptions/:id: linkable, Back returns to the list. */
export function SubscriptionDetailPage() {
  const { subscriptionId = '' } = useParams();
  return (
    <DetailFrame
      heading={`Subscription ${subscriptionId}`}
      listPath="/ops/subscriptions"
      listName="subscriptions"
    >
      <SubscriptionDetail key={subscriptionId} subscriptionId={subscriptionId} />
    </DetailFrame>
  );
}
