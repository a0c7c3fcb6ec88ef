import { Route, Routes } from 'react-router';
import { StorefrontCartPage } from '../features/cart/components/storefront-cart-page';
import { StorefrontCheckoutPage } from '../features/checkout/components/storefront-checkout-page';
import { StorefrontMainPage } from '../features/main-page/components/storefront-main-page';
import { PRICING_VARIANTS } from '../features/offers/pricing-variants';
import { CustomizationGate } from '../features/partner/customization-gate';
import { PartnerRedirect } from '../features/partner/partner-redirect';
import { StorefrontPricingPage } from '../features/pricing/components/storefront-pricing-page';
import { StorefrontThankYouPage } from '../features/thank-you/components/storefront-thank-you-page';

/** The ten storefront routes of spec §2, under /shop/{b2bKey}. */
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
        <Route path="shopping-cart" element={<StorefrontCartPage />} />
        <Route path="checkout" element={<StorefrontCheckoutPage />} />
        <Route path="checkout/thank-you" element={<StorefrontThankYouPage />} />
      </Routes>
    </CustomizationGate>
  );
}
