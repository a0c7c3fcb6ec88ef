import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { ACCOUNT_CSS } from '../../shared/auth-card';
import { usePaymentMethods } from '../api/payment-methods';

export function AccountOverviewPage() {
  const { userContext } = useShell();
  const { user, loading } = userContext;
  const methods = usePaymentMethods(Boolean(user));

  return (
    <div className="acc-page">
      <style href="mf-account-styles" precedence="default">
        {ACCOUNT_CSS}
      </style>
      <h1 style={{ color: '#12343b', marginTop: 0 }}>Your account</h1>
      {loading ? (
        <Skeleton active />
      ) : !user ? (
        <p>
          <Link to="/login?redirect=%2Faccount">Log in</Link> to manage your payment methods and shipping address.
        </p>
      ) : (
        <>
          <p style={{ color: '#4a5f63' }}>
            Signed in as <strong>{user.email}</strong>
          </p>
          <div className="acc-grid">
            <Card title={<h2 style={{ margin: 0, fontSize: '1.1rem' }}>Payment methods</h2>}>
              {methods.isPending ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : methods.isError ? (
                <p role="alert">We could not load your payment methods.</p>
              ) : methods.data.paymentMethodsAndAddresses.paymentMethods.length === 0 ? (
                <p>No saved cards yet. A card is saved when you check out.</p>
              ) : (
                <ul style={{ paddingLeft: '1.2em' }}>
                  {methods.data.paymentMethodsAndAddresses.paymentMethods.map((method) => (
                    <li key={method.id}>
                      {(method.brand ?? 'Card').toUpperCase()} ending in {method.last4 ?? '····'}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title={<h2 style={{ margin: 0, fontSize: '1.1rem' }}>Shipping address</h2>}>
              {methods.data?.paymentMethodsAndAddresses.shippingAddress ? (
                <address style={{ fontStyle: 'normal' }}>
                  {methods.data.paymentMethodsAndAddresses.shippingAddress.line1}
                  <br />
                  {methods.data.paymentMethodsAndAddresses.shippingAddress.city}, {methods.data.paymentMethodsAndAddresses.shippingAddress.state}{' '}
                  {methods.data.paymentMethodsAndAddresses.shippingAddress.postal_code}
                </address>
              ) : (
                <p>No shipping address saved yet.</p>
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
