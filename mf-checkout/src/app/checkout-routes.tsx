import { Route, Routes } from 'react-router';
import { lazyPage, PageSuspense } from '@shop/shared/federation/remote-root';
import { usePartnerCheckout } from '../features/partner-checkout/hooks/use-partner-checkout';

// Each page's code loads with its route, so a first view downloads only its own page.
const CartPage = lazyPage(() => import('../features/cart/components/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(
  () => import('../features/checkout/components/checkout-page'),
  'CheckoutPage',
);
const ThankYouPage = lazyPage(
  () => import('../features/thank-you/components/thank-you-page'),
  'ThankYouPage',
);
// A partner storefront mounts this same area for its cart, checkout and thank-you pages.
const PartnerCartPage = lazyPage(
  () => import('../features/partner-checkout/components/partner-cart-page'),
  'PartnerCartPage',
);
const PartnerCheckoutPage = lazyPage(
  () => import('../features/partner-checkout/components/partner-checkout-page'),
  'PartnerCheckoutPage',
);
const PartnerThankYouPage = lazyPage(
  () => import('../features/partner-checkout/components/partner-thank-you-page'),
  'PartnerThankYouPage',
);

export function CheckoutRoutes() {
  const partner = usePartnerCheckout();
  return (
    <PageSuspense>
      {partner ? (
        <Routes>
          <Route path="shopping-cart" element={<PartnerCartPage partner={partner} />} />
          <Route path="checkout" element={<PartnerCheckoutPage partner={partner} />} />
          <Route path="checkout/thank-you" element={<PartnerThankYouPage partner={partner} />} />
        </Routes>
      ) : (
        <Routes>
          <Route path="shopping-cart" element={<CartPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="checkout/thank-you" element={<ThankYouPage />} />
        </Routes>
      )}
    </PageSuspense>
  );
}
