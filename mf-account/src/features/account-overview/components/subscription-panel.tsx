import { useId } from 'react';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import { useScheduledKits } from '../api/scheduled-kits';
import { LoadFailed } from '../../shared/components/load-failed';
import { useSubscriptions } from '../../subscriptions/api/subscriptions';
import { subscriptionPath } from '../../subscriptions/components/subscription-details';
import {
  planPrice,
  STATUS_LABELS,
  statusSummary,
} from '../../subscriptions/model/subscription-text';

function SubscriptionLine({
  subscription,
  scheduled,
}: {
  subscription: SubscriptionDetail;
  scheduled: boolean;
}) {
  const summary = statusSummary(subscription, true);
  return (
    <li>
      <span>
        <Link to={subscriptionPath(subscription.id)} className="acc-sub-link">
          {subscription.title}
          {subscription.quantity > 1 && ` × ${subscription.quantity}`}
        </Link>{' '}
        <span className={summary.warn ? 'acc-badge acc-badge--warn' : 'acc-badge'}>
          {STATUS_LABELS[subscription.status]}
        </span>
        {scheduled && (
          <>
            {' '}
            <span className="acc-badge" data-testid="kit-scheduled">
              Next kit scheduled
            </span>
          </>
        )}
      </span>
      <span className="acc-muted">
        {planPrice(subscription)} · {summary.text}
      </span>
    </li>
  );
}

/** The subscriber's subscriptions, each a link to manage it, and which have a kit scheduled. */
export function SubscriptionPanel() {
  const subscriptions = useSubscriptions();
  const titleId = useId();
  const list = subscriptions.data?.subscriptions ?? [];
  const scheduled = useScheduledKits(list.map((subscription) => subscription.lookupKey));

  return (
    <section
      className="acc-panel acc-wide"
      aria-labelledby={titleId}
      aria-busy={subscriptions.isPending}
    >
      <div className="acc-panel-head">
        <h2 id={titleId}>Membership</h2>
      </div>
      {subscriptions.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : subscriptions.isError ? (
        <LoadFailed what="your membership details" onRetry={() => void subscriptions.refetch()} />
      ) : (
        <div className="acc-stat">
          <h3>Subscriptions</h3>
          {list.length > 0 ? (
            <ul className="acc-sub-list">
              {list.map((subscription) => (
                <SubscriptionLine
                  key={subscription.id}
                  subscription={subscription}
                  scheduled={scheduled.data?.[subscription.lookupKey] === true}
                />
              ))}
            </ul>
          ) : (
            <p className="acc-muted" style={{ margin: 0 }}>
              You have no subscription yet. <Link to="/pricing">See plans</Link>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
