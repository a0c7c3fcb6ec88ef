import { Route, Routes } from 'react-router';
import { CartPage } from '../features/cart/components/cart-page';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { ThankYouPage } from '../features/thank-you/components/thank-you-page';

export function CheckoutRoutes() {
  return (
    <Routes>
      <Route path="shopping-cart" element={<CartPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path="checkout/thank-you" element={<ThankYouPage />} />
    </Routes>
  );
}
