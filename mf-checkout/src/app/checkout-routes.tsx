import { Route, Routes } from 'react-router';
import { useMemo, type CSSProperties } from 'react';
import {
  AreaNotFound,
  lazyPage,
  PageSuspense,
  useShell,
} from '@shop/shared/federation/remote-root';
import { BRAND_COLOR } from '@shop/shared/shell-contract/shell-props';
import { readableTextOn } from '@shop/shared/rules/color-contrast';
import { hexColorOr } from '@shop/shared/rules/hex-color';
import { usePartnerCheckout } from '../features/partner-checkout/hooks/use-partner-checkout';

// Each page's code loads with its route, so a first view downloads only its own page.
const CartPage = lazyPage(
  () => import(/* webpackChunkName: "cart-page" */ '../features/cart/components/cart-page'),
  'CartPage',
);
const CheckoutPage = lazyPage(
  () =>
    import(/* webpackChunkName: "checkout-page" */ '../features/checkout/components/checkout-page'),
  'CheckoutPage',
);
const ThankYouPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "thank-you-page" */ '../features/thank-you/components/thank-you-page'
    ),
  'ThankYouPage',
);
// A partner storefront mounts this same area for its cart, checkout and thank-you pages.
const PartnerCartPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "partner-cart-page" */ '../features/partner-checkout/components/partner-cart-page'
    ),
  'PartnerCartPage',
);
const PartnerCheckoutPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "partner-checkout-page" */ '../features/partner-checkout/components/partner-checkout-page'
    ),
  'PartnerCheckoutPage',
);
const PartnerThankYouPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "partner-thank-you-page" */ '../features/partner-checkout/components/partner-thank-you-page'
    ),
  'PartnerThankYouPage',
);

/** The primary colour (a partner's on its storefront) for the checkout's own buttons, with readable text on it. */
function useThemeVariables(): CSSProperties {
  const { theme } = useShell();
  const primary = hexColorOr(theme.primaryColor, BRAND_COLOR);
  return useMemo(
    () =>
      ({ '--co-primary': primary, '--co-on-primary': readableTextOn(primary) }) as CSSProperties,
    [primary],
  );
}

export function CheckoutRoutes() {
  const partner = usePartnerCheckout();
  return (
    <div style={useThemeVariables()}>
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
            <Route path="*" element={<AreaNotFound />} />
          </Routes>
        )}
      </PageSuspense>
    </div>
  );
}
