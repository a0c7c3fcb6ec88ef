import { useId } from 'react';
import Skeleton from 'antd/es/skeleton';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { deriveRecurringInterval, intervalDuration } from '@shop/shared/catalog/recurring-interval';
import type { SubscriptionView } from '@shop/shared/contract/user';
import { formatMoney } from '@shop/shared/format/money';
import { useAccountDetails } from '../api/account-details';
import { useScheduledKits } from '../api/scheduled-kits';
import { LoadFailed } from '../../shared/components/load-failed';

const STATUS_LABELS: Record<SubscriptionView['status'], string> = {
  active: 'Active',
  past_due: 'Payment due',
  paused: 'Paused',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

function SubscriptionLine({
  subscription,
  scheduled,
}: {
  subscription: SubscriptionView;
  scheduled: boolean;
}) {
  const period = intervalDuration(
    deriveRecurringInterval(subscription.interval, subscription.intervalCount),
  );
  const price = formatMoney(subscription.unitAmount * subscription.quantity, subscription.currency);
  const ends = dayjs(subscription.currentPeriodEnd).format('MMM D, YYYY');
  return (
    <li>
      <span>
        <strong>{subscription.title}</strong>
        {subscription.quantity > 1 && ` × ${subscription.quantity}`}{' '}
        <span
          className={subscription.status === 'active' ? 'acc-badge' : 'acc-badge acc-badge--warn'}
        >
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
        {price} per {period} · {subscription.status === 'canceled' ? 'Ends' : 'Renews'} {ends}
      </span>
    </li>
  );
}

/** Subscription info as cms-info returns it, and which subscriptions already have a kit scheduled. */
export function SubscriptionPanel() {
  const details = useAccountDetails();
  const titleId = useId();
  const info = details.data?.subscriptionInfo;
  const scheduled = useScheduledKits(
    info?.subscriptions.map((subscription) => subscription.lookupKey) ?? [],
  );

  return (
    <section className="acc-panel acc-wide" aria-labelledby={titleId} aria-busy={details.isPending}>
      <div className="acc-panel-head">
        <h2 id={titleId}>Membership</h2>
      </div>
      {details.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : details.isError ? (
        <LoadFailed what="your membership details" onRetry={() => void details.refetch()} />
      ) : (
        <div className="acc-stats">
          <div className="acc-stat">
            <h3>Subscriptions</h3>
            {info && info.subscriptions.length > 0 ? (
              <ul className="acc-sub-list">
                {info.subscriptions.map((subscription) => (
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
        </div>
      )}
    </section>
  );
}
