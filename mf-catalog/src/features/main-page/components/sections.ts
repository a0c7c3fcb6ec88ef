// The main page's reusable sections: the catalog renders them with the shop's seeded copy and the
// storefront with a partner's customization. All text is rendered as text, never as HTML.
export { MainPageRoot } from './main-page-root';
export { MainHero } from './main-hero';
export { HowItWorksSection } from './how-it-works-section';
export { BiomarkersSection } from './biomarkers-section';
export { AboutSection } from './about-section';
export { PromoBanner } from './promo-banner';
export { MainPageFooter } from './main-page-footer';
