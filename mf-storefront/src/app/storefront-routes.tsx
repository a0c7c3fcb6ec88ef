import Spin from 'antd/es/spin';
import { Route, Routes } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { StorefrontMainPage } from '../features/main-page/components/storefront-main-page';
import { StorefrontPricingPage, PRICING_VIEWS } from '../features/pricing/components/storefront-pricing-page';
import { StorefrontPurchasePage } from '../features/purchase/components/storefront-purchase-page';
import { PartnerRedirect } from '../features/shared/partner-redirect';
import { StorefrontStyles } from '../features/shared/storefront-styles';

export function StorefrontRoutes() {
  const { customization } = useShell();
  // Spec section 2: a spinner while the customization loads, 'Not found' when the partner does not exist.
  if (customization === undefined) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <Spin size="large" aria-label="Loading the shop" />
      </div>
    );
  }
  if (customization === null) {
    return (
      <div className="sf-page">
        <StorefrontStyles />
        <h1>Not found</h1>
        <p>There is no partner shop at this address.</p>
      </div>
    );
  }
  return (
    <Routes>
      <Route
        index
        element={
          <PartnerRedirect kind="main">
            <StorefrontMainPage />
          </PartnerRedirect>
        }
      />
      {PRICING_VIEWS.map((view) => (
        <Route
          key={view.path}
          path={view.path}
          element={
            <PartnerRedirect kind="pricing">
              <StorefrontPricingPage view={view} />
            </PartnerRedirect>
          }
        />
      ))}
      <Route path="shopping-cart" element={<StorefrontPurchasePage step="cart" />} />
      <Route path="checkout" element={<StorefrontPurchasePage step="checkout" />} />
      <Route path="checkout/thank-you" element={<StorefrontPurchasePage step="thank-you" />} />
    </Routes>
  );
}
