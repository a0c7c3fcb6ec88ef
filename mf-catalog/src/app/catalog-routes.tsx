import { Route, Routes } from 'react-router';
import { AreaNotFound, lazyPage, PageSuspense } from '@shop/shared/federation/remote-root';
import { usePartnerMainPageProp } from '../features/partner-main-page/hooks/use-partner-main-page-prop';
import { themedPage } from '../features/shared/components/themed-page';

// Each page's code loads with its route, so a first view downloads only its own page.
const ContentPage = lazyPage(
  () =>
    import(/* webpackChunkName: "content-page" */ '../features/content/components/content-page'),
  'ContentPage',
);
const HomePage = lazyPage(
  () => import(/* webpackChunkName: "home-page" */ '../features/home/components/home-page'),
  'HomePage',
);
const OfferDetailPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "offer-detail-page" */ '../features/pricing/components/offer-detail-page'
    ),
  'OfferDetailPage',
);
const PricingPage = lazyPage(
  () =>
    import(/* webpackChunkName: "pricing-page" */ '../features/pricing/components/pricing-page'),
  'PricingPage',
);
// A partner storefront mounts this area for its main page.
const PartnerMainPageRoute = lazyPage(
  () =>
    import(
      /* webpackChunkName: "partner-main-page-route" */ '../features/partner-main-page/components/partner-main-page'
    ),
  'PartnerMainPageRoute',
);
const QuizPage = themedPage(
  () => import(/* webpackChunkName: "quiz-page" */ '../features/quiz/components/quiz-page'),
  'QuizPage',
);

/** The catalog's pages; the shell sends every path under its prefixes (area-routes.ts) here. */
export function CatalogRoutes() {
  const partnerMainPage = usePartnerMainPageProp();
  if (partnerMainPage !== undefined) {
    return (
      <PageSuspense>
        <PartnerMainPageRoute raw={partnerMainPage} />
      </PageSuspense>
    );
  }
  return (
    <PageSuspense>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="products" element={<OfferDetailPage key="products" pageKey="products" />} />
        <Route
          path="pricing/heart-and-metabolic-program"
          element={<OfferDetailPage key="program" pageKey="heart-and-metabolic-program" />}
        />
        <Route path="programs" element={<ContentPage key="programs" pageKey="programs" />} />
        <Route
          path="programs/heart-health"
          element={<ContentPage key="heart-health" pageKey="heart-health" />}
        />
        <Route path="quiz/which-test-is-right-for-me" element={<QuizPage />} />
        <Route
          path="understand-your-health"
          element={<ContentPage key="understand" pageKey="understand-your-health" />}
        />
        <Route
          path="advanced-cholesterol"
          element={<ContentPage key="cholesterol" pageKey="advanced-cholesterol" />}
        />
        <Route
          path="upload-results"
          element={<ContentPage key="upload" pageKey="upload-results" />}
        />
        <Route
          path="upload-results/how-to-export"
          element={<ContentPage key="export" pageKey="how-to-export" />}
        />
        <Route path="*" element={<AreaNotFound />} />
      </Routes>
    </PageSuspense>
  );
}
