// What the catalog's main page needs to know of this partner: its own words (product name replaced),
// its images and links when safe, its colours. Missing or blank fields stay null so the catalog's
// copy stands in.
import type { PartnerMainPage } from '../contract/partner-main-page';
import type { Partner } from './partner-view';

const STEP_IMAGE_FIELDS = [
  'mainPageStep1Image',
  'mainPageStep2Image',
  'mainPageStep3Image',
] as const;

export function partnerMainPageProps(partner: Partner): PartnerMainPage {
  const c = partner.customization;
  const { colors } = partner;
  return {
    businessName: partner.businessName,
    colors: {
      primary: colors.primary,
      section1: colors.section1,
      section2: colors.section2,
      banner: colors.banner,
      bannerBackground: colors.bannerBackground,
      footer: colors.footer,
    },
    hero: {
      title: partner.optionalText(c.mainPageTitle),
      description: partner.optionalText(c.mainPageDescription),
      image: partner.image(c.mainPageImage, ''),
    },
    banner: c.bannerShow === true ? { content: partner.optionalText(c.bannerContent) } : null,
    stepImages: STEP_IMAGE_FIELDS.map((field) => partner.image(c[field], '')),
    showBiomarkers: c.newMarkersSection === true,
    boxLogo: partner.image(c.boxLogo, `${partner.businessName} logo on the kit box`),
    about: {
      title: partner.optionalText(c.aboutTitle),
      description: partner.optionalText(c.aboutDescription),
      image: partner.image(c.aboutImage, ''),
      points: partner.list(c.aboutPoints),
    },
    footer: {
      companyDescription: partner.optionalText(c.companyDescription),
      socialLinks: {
        facebook: partner.link(c.facebookLink),
        instagram: partner.link(c.instagramLink),
        twitter: partner.link(c.twitterLink),
        youtube: partner.link(c.youtubeLink),
      },
    },
  };
}
