import ConfigProvider from 'antd/es/config-provider';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { readableTextOn } from '@shop/shared/ui/main-page/color-contrast';
import { ContentPage } from '../features/content/components/content-page';
import { HomePage } from '../features/home/components/home-page';
import { OfferDetailPage } from '../features/pricing/components/offer-detail-page';
import { PricingPage } from '../features/pricing/components/pricing-page';
import { QuizPage } from '../features/quiz/components/quiz-page';

/** The catalog's routes (spec §2); the shell sends these paths to this area. */
export function CatalogRoutes() {
  const { theme } = useShell();
  // antd writes white on primary buttons; on the light brand teal that is 2.4:1, so pick the readable ink.
  const onPrimary = readableTextOn(theme.primaryColor);
  const readableButtons = useMemo(
    () => ({
      components: {
        Button: { primaryColor: onPrimary },
        Radio: { buttonSolidCheckedColor: onPrimary },
      },
    }),
    [onPrimary],
  );
  return (
    <ConfigProvider theme={readableButtons}>
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
      </Routes>
    </ConfigProvider>
  );
}
