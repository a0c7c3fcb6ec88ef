import { Route, Routes } from 'react-router';
import { lazyPage, PageSuspense } from '@shop/shared/federation/remote-root';

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

export function CheckoutRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route path="shopping-cart" element={<CartPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="checkout/thank-you" element={<ThankYouPage />} />
      </Routes>
    </PageSuspense>
  );
}
