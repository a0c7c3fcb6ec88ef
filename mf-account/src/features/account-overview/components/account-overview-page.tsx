import Skeleton from 'antd/es/skeleton';
import { Link, useLocation } from 'react-router';
import { AccountStyles } from '../../shared/components/account-styles';
import { usePaymentMethods } from '../api/payment-methods';
import { useLoginOn401 } from '../hooks/use-login-on-401';
import { PaymentMethodsPanel } from './payment-methods-panel';
import { ShippingAddressPanel } from './shipping-address-panel';
import { SubscriptionPanel } from './subscription-panel';
import {
  RESULT_UPLOADS_PATH,
  ResultUploadsPanel,
} from '../../result-uploads/components/result-uploads-panel';
import { RESULTS_PATH } from '../../results/model/results-path';
import { ORDERS_PATH } from '../../orders/model/order-text';
import { ACTIVATE_PATH, KITS_PATH } from '../../kits/model/kit-text';

/**
 * /account (and /account/uploads, the same page opened at the lab results): logged-in shoppers
 * only; a 401 from its own call sends the visitor to log in.
 */
export function AccountOverviewPage() {
  const { pathname } = useLocation();
  const methods = usePaymentMethods();
  const redirecting = useLoginOn401(methods.error);
  const email = methods.data?.email;

  return (
    <div className="acc acc-page">
      <AccountStyles />
      <h1>Your account</h1>
      {redirecting ? (
        <p className="acc-page-lead" role="status">
          Please log in to see your account…
        </p>
      ) : (
        <>
          <div className="acc-page-lead">
            {email ? (
              <>
                Logged in as <strong>{email}</strong>
              </>
            ) : (
              <Skeleton.Input active size="small" aria-label="Loading your account" />
            )}
          </div>
          <p className="acc-offer">
            <Link to={RESULTS_PATH} className="acc-sub-link">
              Results
            </Link>
            : your biomarkers from every lab report, against their ranges, with trends.
          </p>
          <p className="acc-offer">
            <Link to={KITS_PATH} className="acc-sub-link">
              Kits
            </Link>
            : where each kit is and what to do next, or{' '}
            <Link to={ACTIVATE_PATH}>activate a kit</Link>.
          </p>
          <p className="acc-offer">
            <Link to={ORDERS_PATH} className="acc-sub-link">
              Orders
            </Link>
            : every order with its receipt and refunds.
          </p>
          <div className="acc-grid">
            <SubscriptionPanel />
            <PaymentMethodsPanel />
            <ShippingAddressPanel />
            <ResultUploadsPanel
              enabled={methods.isSuccess}
              arrived={pathname === RESULT_UPLOADS_PATH}
            />
          </div>
        </>
      )}
    </div>
  );
}
