import { Route, Routes } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { PricingPage } from '../features/pricing/components/pricing-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { LANDINGS } from '../features/landing/landing-content';

export function CatalogRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="pricing" element={<PricingPage />} />
      {LANDINGS.map((landing) => (
        <Route key={landing.path} path={landing.path} element={<LandingPage landing={landing} />} />
      ))}
    </Routes>
  );
}
