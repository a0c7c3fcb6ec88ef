import {
  AboutSection,
  BiomarkersSection,
  HowItWorksSection,
  MainHero,
  MainPageFooter,
  MainPageRoot,
  PromoBanner,
} from '@shop/shared/ui/main-page/sections';
import { StorefrontStyles } from '../../partner/storefront-styles';
import { usePartner } from '../../partner/use-partner';
import { useMainPageCopy } from '../use-main-page-copy';

const STEP_IMAGE_FIELDS = [
  'mainPageStep1Image',
  'mainPageStep2Image',
  'mainPageStep3Image',
] as const;

/** The partner's main page: the catalog's main-page sections filled with the customization. */
export function StorefrontMainPage() {
  const partner = usePartner();
  const c = partner.customization;
  const { colors } = partner;
  const copy = useMainPageCopy().data;

  return (
    <MainPageRoot accentColor={colors.primary}>
      <StorefrontStyles />
      <MainHero
        title={partner.text(c.mainPageTitle, `At-home blood testing with ${partner.businessName}`)}
        description={partner.text(
          c.mainPageDescription,
          `Lab-grade blood tests you take at home, offered by ${partner.businessName}.`,
        )}
        // Without a partner image, the shop's own illustration keeps the hero from looking empty.
        image={
          partner.image(c.mainPageImage, '') ??
          (copy?.hero.image
            ? { src: copy.hero.image.src, alt: partner.brand(copy.hero.image.alt) }
            : null)
        }
        primaryCta={{ label: 'See tests and pricing', href: '/pricing' }}
        backgroundColor={colors.section1}
      />
      <PromoBanner
        show={c.bannerShow === true}
        content={partner.optionalText(c.bannerContent)}
        cta={{ label: 'Shop now', href: '/pricing' }}
        color={colors.banner}
        backgroundColor={colors.bannerBackground}
      />
      {copy && (
        <HowItWorksSection
          title={partner.brand(copy.howItWorks.title)}
          steps={copy.howItWorks.steps.map((step, index) => ({
            title: partner.brand(step.title),
            description: partner.brand(step.description),
            image: partner.image(c[STEP_IMAGE_FIELDS[index]!], '') ?? step.image,
          }))}
          backgroundColor={colors.section2}
        />
      )}
      {copy && c.newMarkersSection === true && (
        <BiomarkersSection
          title={partner.brand(copy.biomarkers.title)}
          description={partner.brand(copy.biomarkers.description)}
          groups={copy.biomarkers.groups.map((group) => ({
            ...group,
            name: partner.brand(group.name),
            description: partner.brand(group.description),
          }))}
          cta={{ label: 'See tests and pricing', href: '/pricing' }}
          backgroundColor={colors.section1}
        />
      )}
      <AboutSection
        title={partner.text(c.aboutTitle, `Why ${partner.businessName}`)}
        description={partner.optionalText(c.aboutDescription)}
        image={partner.image(c.aboutImage, '')}
        points={partner.list(c.aboutPoints)}
        backgroundColor={colors.section2}
      />
      <MainPageFooter
        businessName={partner.businessName}
        companyDescription={partner.optionalText(c.companyDescription)}
        socialLinks={{
          facebook: partner.link(c.facebookLink),
          instagram: partner.link(c.instagramLink),
          twitter: partner.link(c.twitterLink),
          youtube: partner.link(c.youtubeLink),
        }}
        backgroundColor={colors.footer}
      />
    </MainPageRoot>
  );
}
