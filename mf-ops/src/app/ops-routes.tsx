import { Navigate, Route, Routes } from 'react-router';
import { AreaNotFound, lazyPage, PageSuspense } from '@shop/shared/federation/remote-root';
import { OpsLayout } from '../features/shared/components/ops-layout';

// Each screen's code loads with its route.
const ReleasesPage = lazyPage(
  () =>
    import(/* webpackChunkName: "releases-page" */ '../features/releases/components/releases-page'),
  'ReleasesPage',
);
const PartnersPage = lazyPage(
  () =>
    import(/* webpackChunkName: "partners-page" */ '../features/partners/components/partners-page'),
  'PartnersPage',
);
const PartnerEditorPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "partner-editor-page" */ '../features/partners/components/partner-editor-page'
    ),
  'PartnerEditorPage',
);
const OrdersPage = lazyPage(
  () => import(/* webpackChunkName: "orders-page" */ '../features/orders/components/orders-page'),
  'OrdersPage',
);
const OrderDetailPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "order-detail-page" */ '../features/orders/components/order-detail-page'
    ),
  'OrderDetailPage',
);

const SubscriptionsPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "subscriptions-page" */ '../features/subscriptions/components/subscriptions-page'
    ),
  'SubscriptionsPage',
);
const SubscriptionSettingsPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "subscription-settings-page" */ '../features/subscriptions/components/subscription-settings-page'
    ),
  'SubscriptionSettingsPage',
);
const SubscriptionDetailPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "subscription-detail-page" */ '../features/subscriptions/components/subscription-detail-page'
    ),
  'SubscriptionDetailPage',
);
const JobsPage = lazyPage(
  () => import(/* webpackChunkName: "jobs-page" */ '../features/jobs/components/jobs-page'),
  'JobsPage',
);
const WebVitalsPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "web-vitals-page" */ '../features/web-vitals/components/web-vitals-page'
    ),
  'WebVitalsPage',
);
const ShippingQueuePage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "shipping-queue-page" */ '../features/fulfilment/components/shipping-queue-page'
    ),
  'ShippingQueuePage',
);
const ShippingSlipPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "shipping-slip-page" */ '../features/fulfilment/components/shipping-slip-page'
    ),
  'ShippingSlipPage',
);

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function OpsRoutes() {
  return (
    <Routes>
      <Route path="ops" element={<OpsLayout />}>
        <Route index element={<Navigate to="/ops/releases" replace />} />
        {/* The screen's first address, kept so bookmarks and links in old notes still open it. */}
        <Route path="deliveries" element={<Navigate to="/ops/releases" replace />} />
        <Route
          path="releases"
          element={
            <PageSuspense>
              <ReleasesPage />
            </PageSuspense>
          }
        />
        <Route
          path="partners"
          element={
            <PageSuspense>
              <PartnersPage />
            </PageSuspense>
          }
        />
        <Route
          path="partners/new"
          element={
            <PageSuspense>
              <PartnerEditorPage />
            </PageSuspense>
          }
        />
        <Route
          path="partners/:shopKey"
          element={
            <PageSuspense>
              <PartnerEditorPage />
            </PageSuspense>
          }
        />
        <Route
          path="orders"
          element={
            <PageSuspense>
              <OrdersPage />
            </PageSuspense>
          }
        />
        <Route
          path="orders/:orderId"
          element={
            <PageSuspense>
              <OrderDetailPage />
            </PageSuspense>
          }
        />
        <Route
          path="subscriptions"
          element={
            <PageSuspense>
              <SubscriptionsPage />
            </PageSuspense>
          }
        />
        <Route
          path="subscriptions/settings"
          element={
            <PageSuspense>
              <SubscriptionSettingsPage />
            </PageSuspense>
          }
        />
        <Route
          path="subscriptions/:subscriptionId"
          element={
            <PageSuspense>
              <SubscriptionDetailPage />
            </PageSuspense>
          }
        />
        <Route
          path="jobs"
          element={
            <PageSuspense>
              <JobsPage />
            </PageSuspense>
          }
        />
        <Route
          path="web-vitals"
          element={
            <PageSuspense>
              <WebVitalsPage />
            </PageSuspense>
          }
        />
        <Route
          path="fulfilment"
          element={
            <PageSuspense>
              <ShippingQueuePage />
            </PageSuspense>
          }
        />
        <Route
          path="fulfilment/:kitId"
          element={
            <PageSuspense>
              <ShippingSlipPage />
            </PageSuspense>
          }
        />
        <Route path="*" element={<AreaNotFound />} />
      </Route>
      <Route path="*" element={<AreaNotFound />} />
    </Routes>
  );
}
