import { Route, Routes } from 'react-router';
import { AreaNotFound } from '@shop/shared/federation/remote-root';
import { PartnerCheckoutArea } from '../features/checkout-area/components/partner-checkout-area';
import { StorefrontMainPage } from '../features/main-page/components/storefront-main-page';
import { PRICING_VARIANTS } from '../features/offers/model/pricing-variants';
import { CustomizationGate } from '../features/partner/components/customization-gate';
import { PartnerRedirect } from '../features/partner/components/partner-redirect';
import { StorefrontPricingPage } from '../features/pricing/components/storefront-pricing-page';

/** The storefront's routes under /shop/{b2bKey}: the main page, pricing and its variants, and the checkout area's pages. */
export function StorefrontRoutes() {
  return (
    <CustomizationGate>
      <Routes>
        <Route
          index
          element={
            <PartnerRedirect kind="main">
              <StorefrontMainPage />
            </PartnerRedirect>
          }
        />
        <Route
          path="pricing"
          element={
            <PartnerRedirect kind="pricing">
              <StorefrontPricingPage variant={null} />
            </PartnerRedirect>
          }
        />
        {PRICING_VARIANTS.map((variant) => (
          <Route
            key={variant.id}
            path={variant.path}
            element={
              <PartnerRedirect kind="pricing">
                <StorefrontPricingPage variant={variant.id} />
              </PartnerRedirect>
            }
          />
        ))}
        {/* The cart, checkout and thank-you pages are the checkout area's, inside this storefront's frame. */}
        <Route
          path="shopping-cart"
          element={<PartnerCheckoutArea heading="Your cart" lead={(name) => `Sold by ${name}.`} />}
        />
        <Route
          path="checkout"
          element={
            <PartnerCheckoutArea heading="Checkout" lead={(name) => `Your order with ${name}.`} />
          }
        />
        <Route
          path="checkout/thank-you"
          element={<PartnerCheckoutArea heading="Thank you for your order" />}
        />
        <Route path="*" element={<AreaNotFound />} />
      </Routes>
    </CustomizationGate>
  );
}
