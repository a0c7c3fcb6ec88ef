import {
  AboutSection,
  BiomarkersSection,
  HowItWorksSection,
  MainHero,
  MainPageFooter,
  MainPageRoot,
  PromoBanner,
} from '../../main-page/components/sections';
import { PRODUCT_NAME } from '@shop/shared/rules/product-name';
import { useShell } from '@shop/shared/federation/remote-root';
import { useCatalogOffers } from '../../catalog-data/api/catalog-offers';
import { useCatalogContent } from '../../catalog-data/api/catalog-content';
import { PageSections } from '../../content/components/page-sections';
import { OfferCard } from '../../offers/components/offer-card';
import { CatalogPageFrame, useDocumentTitle } from '../../shared/components/page-states';

/** The main page: the shared main-page sections filled with the shop's seeded copy. */
export function HomePage() {
  const { theme } = useShell();
  const content = useCatalogContent();
  const offers = useCatalogOffers();
  const main = content.data?.mainPage;
  useDocumentTitle(main ? 'At-home blood tests' : null);

  return (
    <CatalogPageFrame
      failed={content.isError}
      retry={() => void content.refetch()}
      ready={Boolean(main)}
    >
      {() => {
        const page = main!;
        const featured = page.featuredOfferKeys.flatMap(
          (key) => offers.data?.filter((offer) => offer.key === key) ?? [],
        );
        return (
          <MainPageRoot accentColor={theme.primaryColor}>
            <MainHero {...page.hero} />
            <HowItWorksSection title={page.howItWorks.title} steps={page.howItWorks.steps} />
            {featured.length > 0 && (
              <section className="cat-section" aria-labelledby="home-featured-title">
                <div className="cat-wrap">
                  <h2 id="home-featured-title">{page.featuredTitle}</h2>
                  <div className="cat-offers cat-offers--wide">
                    {featured.map((offer) => (
                      <OfferCard key={offer.key} offer={offer} />
                    ))}
                  </div>
                </div>
              </section>
            )}
            <BiomarkersSection {...page.biomarkers} backgroundColor="#f3fafa" />
            <AboutSection {...page.about} />
            <PageSections sections={page.sections} offers={offers.data ?? []} idPrefix="home" />
            <PromoBanner {...page.banner} />
            <MainPageFooter
              businessName={PRODUCT_NAME}
              companyDescription={page.footer.companyDescription}
              socialLinks={page.footer.socialLinks}
            />
          </MainPageRoot>
        );
      }}
    </CatalogPageFrame>
  );
}
