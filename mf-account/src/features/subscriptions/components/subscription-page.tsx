import Skeleton from 'antd/es/skeleton';
import { Link, useParams } from 'react-router';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useLoginOn401 } from '../../account-overview/hooks/use-login-on-401';
import { useSubscription } from '../api/subscription';
import { SubscriptionDetails } from './subscription-details';

/**
 * /account/subscriptions/:id, and /account/subscriptions/:id/card (opened at the card step):
 * the subscriber's own subscription only; a logged-out visitor logs in and comes back here.
 */
export function SubscriptionPage({ cardStep = false }: { cardStep?: boolean }) {
  const id = useParams().id ?? '';
  const subscription = useSubscription(id);
  const redirecting = useLoginOn401(subscription.error);

  return (
    <div className="acc acc-page">
      <AccountStyles />
      <p className="acc-back">
        <Link to="/account">← Your account</Link>
      </p>
      {redirecting ? (
        <>
          <h1>Your subscription</h1>
          <p className="acc-page-lead" role="status">
            Please log in to manage your subscription…
          </p>
        </>
      ) : subscription.isPending ? (
        <div aria-busy="true">
          <h1>Your subscription</h1>
          <Skeleton active paragraph={{ rows: 6 }} aria-label="Loading your subscription" />
        </div>
      ) : subscription.isError ? (
        <>
          <h1>Your subscription</h1>
          {subscription.error.status === 404 ? (
            <p role="alert">
              We could not find this subscription in your account.{' '}
              <Link to="/account">See your subscriptions</Link>
            </p>
          ) : (
            <LoadFailed what="your subscription" onRetry={() => void subscription.refetch()} />
          )}
        </>
      ) : (
        <SubscriptionDetails
          key={subscription.data.id}
          subscription={subscription.data}
          cardStep={cardStep}
        />
      )}
    </div>
  );
}
