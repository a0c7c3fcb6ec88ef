// The main page's reusable sections: the catalog renders them with the shop's seeded copy and the
// storefront with a partner's customization. All text is rendered as text, never as HTML.
export { MainPageRoot, sectionColors } from './main-page-root';
export { MainHero, type MainHeroProps } from './main-hero';
export {
  HowItWorksSection,
  type HowItWorksSectionProps,
  type HowItWorksStep,
} from './how-it-works-section';
export {
  BiomarkersSection,
  type BiomarkersSectionProps,
  type BiomarkerGroup,
} from './biomarkers-section';
export { AboutSection, type AboutSectionProps } from './about-section';
export { PromoBanner, type PromoBannerProps } from './promo-banner';
export { MainPageFooter, type MainPageFooterProps, type SocialLinksData } from './main-page-footer';
export { SectionLink, type SectionLinkData, type SectionImage } from './section-link';
