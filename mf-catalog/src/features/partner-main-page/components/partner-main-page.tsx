import type { PartnerMainPage as PartnerMainPageData } from '@shop/shared/contract/partner-main-page';
import { replaceProductName } from '@shop/shared/rules/partner-rules';
import { useCatalogContent } from '../../catalog-data/api/catalog-content';
import { usePartnerMainPage } from '../hooks/use-partner-main-page';
import {
  AboutSection,
  BiomarkersSection,
  HowItWorksSection,
  MainHero,
  MainPageFooter,
  MainPageRoot,
  PromoBanner,
} from '../../main-page/components/sections';

const PRICING_CTA = { label: 'See tests and pricing', href: '/pricing' } as const;

/** The page for what the storefront handed over, once checked against the contract. */
export function PartnerMainPageRoute({ raw }: { raw: unknown }) {
  const partner = usePartnerMainPage(raw);
  if (partner === 'invalid') {
    return (
      <p role="alert" className="cat-wrap">
        This page cannot be shown. Please try again later.
      </p>
    );
  }
  return <PartnerMainPage partner={partner} />;
}

/**
 * A partner's main page: the storefront hands over the partner's words, pictures and colours; the
 * catalog's own copy (renamed for the partner) fills what the partner left out. The hero, banner and
 * about section never wait for that copy.
 */
export function PartnerMainPage({ partner }: { partner: PartnerMainPageData }) {
  const content = useCatalogContent();
  const copy = content.data?.mainPage;
  const { businessName, colors } = partner;
  const brand = (text: string) => replaceProductName(text, businessName);
  const heroImage =
    partner.hero.image ??
    (copy?.hero.image ? { src: copy.hero.image.src, alt: brand(copy.hero.image.alt) } : null);

  return (
    <MainPageRoot
      accentColor={colors.primary}
      chipColor={colors.primary}
      illustrationColor={colors.section1 ?? colors.primary}
    >
      <MainHero
        title={partner.hero.title ?? `At-home blood testing with ${businessName}`}
        description={
          partner.hero.description ??
          `Lab-grade blood tests you take at home, offered by ${businessName}.`
        }
        image={heroImage}
        // The catalog's picture comes with its copy: until then its place is held, or the banner
        // and everything after it would move down when it arrives.
        imagePending={content.isPending}
        primaryCta={PRICING_CTA}
        backgroundColor={colors.section1}
      />
      <PromoBanner
        show={partner.banner !== null}
        content={partner.banner?.content}
        cta={{ label: 'Shop now', href: '/pricing' }}
        color={colors.banner}
        backgroundColor={colors.bannerBackground}
      />
      {copy && (
        <HowItWorksSection
          title={brand(copy.howItWorks.title)}
          steps={copy.howItWorks.steps.map((step, index) => ({
            title: brand(step.title),
            description: brand(step.description),
            image: partner.stepImages[index] ?? step.image,
            // The first step is ordering the kit: its box carries the partner's logo.
            badge: index === 0 ? partner.boxLogo : null,
          }))}
          backgroundColor={colors.section2}
        />
      )}
      {copy && partner.showBiomarkers && (
        <BiomarkersSection
          title={brand(copy.biomarkers.title)}
          description={brand(copy.biomarkers.description)}
          groups={copy.biomarkers.groups.map((group) => ({
            ...group,
            name: brand(group.name),
            description: brand(group.description),
          }))}
          cta={PRICING_CTA}
          backgroundColor={colors.section1}
        />
      )}
      <AboutSection
        title={partner.about.title ?? `Why ${businessName}`}
        description={partner.about.description}
        image={partner.about.image}
        points={partner.about.points}
        backgroundColor={colors.section2}
      />
      <MainPageFooter
        businessName={businessName}
        companyDescription={partner.footer.companyDescription}
        socialLinks={partner.footer.socialLinks}
        backgroundColor={colors.footer}
      />
    </MainPageRoot>
  );
}
