import { Route, Routes } from 'react-router';
import { AreaNotFound, lazyPage, PageSuspense } from '@shop/shared/federation/remote-root';
import { AccountTheme } from '../features/shared/components/account-theme';

// Each page's code loads with its route, so a first view downloads only its own page.
const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "login-page" */ '../features/login/components/login-page'),
  'LoginPage',
);
const SignupPage = lazyPage(
  () => import(/* webpackChunkName: "signup-page" */ '../features/signup/components/signup-page'),
  'SignupPage',
);
const SignupConfirmPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "signup-confirm-page" */ '../features/signup-confirm/components/signup-confirm-page'
    ),
  'SignupConfirmPage',
);
const ResetPasswordPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "reset-password-page" */ '../features/reset-password/components/reset-password-page'
    ),
  'ResetPasswordPage',
);
const AccountOverviewPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "account-overview-page" */ '../features/account-overview/components/account-overview-page'
    ),
  'AccountOverviewPage',
);
const ResultsPage = lazyPage(
  () =>
    import(/* webpackChunkName: "results-page" */ '../features/results/components/results-page'),
  'ResultsPage',
);
const SubscriptionPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "subscription-page" */ '../features/subscriptions/components/subscription-page'
    ),
  'SubscriptionPage',
);
const OrdersPage = lazyPage(
  () => import(/* webpackChunkName: "orders-page" */ '../features/orders/components/orders-page'),
  'OrdersPage',
);
const OrderPage = lazyPage(
  () => import(/* webpackChunkName: "order-page" */ '../features/orders/components/order-page'),
  'OrderPage',
);
const ResultUploadPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "result-upload-page" */ '../features/result-uploads/components/result-upload-page'
    ),
  'ResultUploadPage',
);

const ActivatePage = lazyPage(
  () => import(/* webpackChunkName: "activate-page" */ '../features/kits/components/activate-page'),
  'ActivatePage',
);
const KitsPage = lazyPage(
  () => import(/* webpackChunkName: "kits-page" */ '../features/kits/components/kits-page'),
  'KitsPage',
);

export function AccountRoutes() {
  return (
    <AccountTheme>
      <PageSuspense>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="signup/confirm" element={<SignupConfirmPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="account/subscriptions/:id" element={<SubscriptionPage />} />
          <Route path="account/subscriptions/:id/card" element={<SubscriptionPage cardStep />} />
          <Route path="activate" element={<ActivatePage />} />
          <Route path="account/kits" element={<KitsPage />} />
          <Route path="account/orders" element={<OrdersPage />} />
          <Route path="account/orders/:id" element={<OrderPage />} />
          <Route path="account/results" element={<ResultsPage />} />
          <Route path="account/results/uploads/:id" element={<ResultUploadPage />} />
          <Route path="account/*" element={<AccountOverviewPage />} />
          <Route path="*" element={<AreaNotFound />} />
        </Routes>
      </PageSuspense>
    </AccountTheme>
  );
}
