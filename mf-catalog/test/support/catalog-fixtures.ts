// A small catalog the component tests serve through a fake API, checked against the real contract.
import {
  catalogContentSchema,
  type CatalogContent,
  type ContentPage,
} from '@shop/shared/contract/catalog-content';
import {
  offersResponseSchema,
  pricesResponseSchema,
  type Offer,
  type Price,
} from '@shop/shared/contract/catalog';

const offer = (
  key: string,
  type: string,
  title: string,
  price: string,
  extra: Partial<Offer> = {},
): Offer => ({
  key,
  type,
  kitType: 'full-panel',
  title,
  quantity: 1,
  price,
  description: `${title} description.`,
  biomarkers: ['HbA1c', 'LDL cholesterol'],
  badge: null,
  ...extra,
});

const price = (
  lookupKey: string,
  unitAmount: number,
  recurring: Price['recurring'],
  metadata: Record<string, string> = {},
): Price => ({
  id: `price_${lookupKey}`,
  lookupKey,
  productKey: lookupKey,
  unitAmount,
  currency: 'usd',
  type: recurring ? 'recurring' : 'one_time',
  recurring,
  metadata,
});

export const OFFERS: Offer[] = offersResponseSchema.parse({
  offers: [
    offer('kit', 'kit', 'Complete Panel', 'kit_once'),
    offer('monthly', 'subscription', 'Monthly Plan', 'plan_month'),
    offer('quarterly', 'subscription', 'Quarterly Plan', 'plan_quarter', { badge: 'Most popular' }),
    offer('twice-year', 'subscription', 'Twice-a-Year Plan', 'plan_six'),
    offer('annual', 'subscription', 'Annual Plan', 'plan_year'),
    offer('program', 'program', 'Heart Program', 'program_quarter', {
      kitType: 'heart-metabolic',
      quantity: 4,
      biomarkers: ['ApoB', 'Lipoprotein(a)'],
    }),
    offer('mini', 'add-on', 'Mini Panel', 'mini_once', { kitType: 'mini-panel' }),
    offer('unlimited', 'add-on', 'Unlimited Upgrades', 'unlimited_once', { biomarkers: [] }),
  ],
}).offers;

export const PRICES: Price[] = pricesResponseSchema.parse({
  prices: [
    price('kit_once', 14_900, null),
    price('plan_month', 9_900, { interval: 'month', intervalCount: 1 }),
    price('plan_quarter', 12_950, { interval: 'month', intervalCount: 3 }),
    price('plan_six', 13_900, { interval: 'month', intervalCount: 6 }),
    price('plan_year', 14_500, { interval: 'year', intervalCount: 1 }),
    price('program_quarter', 19_900, { interval: 'month', intervalCount: 3 }),
    price('mini_once', 3_900, null),
    price('unlimited_once', 9_900, null, { unlimited_upgrade: 'true' }),
  ],
}).prices;

const page = (title: string, extra: Partial<ContentPage> = {}): ContentPage => ({
  eyebrow: null,
  title,
  lead: `${title} lead.`,
  highlights: [],
  primaryCta: null,
  secondaryCta: null,
  offerKey: null,
  sections: [],
  ...extra,
});

const WAITLIST_TEXTS = {
  successText: 'Welcome to the list!',
  alreadyText: 'Good news: you were already on this list.',
};

export const CONTENT: CatalogContent = catalogContentSchema.parse({
  mainPage: {
    hero: {
      eyebrow: 'At home',
      title: 'Know your numbers at home',
      description: 'Blood tests from your kitchen table.',
      image: null,
      primaryCta: { label: 'See tests and pricing', href: '/pricing' },
      secondaryCta: null,
      highlights: ['Certified labs'],
    },
    howItWorks: {
      title: 'How it works',
      steps: [
        { title: 'Order', description: 'We ship a kit.', image: null },
        { title: 'Collect', description: 'Prick a finger.', image: null },
        { title: 'Read', description: 'Results online.', image: null },
      ],
    },
    biomarkers: {
      title: 'What we measure',
      description: 'Markers by system.',
      groups: [{ name: 'Heart', description: 'Lipids.', markers: ['ApoB'] }],
      cta: null,
    },
    about: {
      title: 'About us',
      description: 'We test blood.',
      image: null,
      points: ['Doctor reviewed'],
    },
    banner: {
      show: true,
      content: 'Upload your results for free.',
      cta: { label: 'Upload results', href: '/upload-results' },
      color: '#ffffff',
      backgroundColor: '#12343b',
    },
    featuredTitle: 'Popular tests',
    featuredOfferKeys: ['kit', 'quarterly'],
    sections: [
      {
        kind: 'waitlist',
        source: 'ny_waitlist',
        title: 'Coming soon to New York',
        text: 'Join the NY waitlist.',
        ...WAITLIST_TEXTS,
      },
      {
        kind: 'referral',
        title: 'Invite a friend',
        text: 'Send an invitation.',
        successText: 'Invitation on its way.',
      },
    ],
    footer: {
      companyDescription: 'Bloodwise makes testing simple.',
      socialLinks: {
        facebook: 'https://facebook.com/bw',
        instagram: null,
        twitter: null,
        youtube: null,
      },
    },
  },
  pages: {
    pricing: page('Pricing', {
      sections: [
        { kind: 'offers', title: 'Add-ons', intro: null, offerKeys: ['mini', 'unlimited'] },
      ],
    }),
    products: page('The Complete Panel', { offerKey: 'kit' }),
    'heart-and-metabolic-program': page('Heart Program pricing', { offerKey: 'program' }),
    programs: page('Programs', {
      sections: [
        {
          kind: 'waitlist',
          source: 'ca_supplements',
          title: 'Supplements in California',
          text: 'Join the CA waitlist.',
          ...WAITLIST_TEXTS,
        },
      ],
    }),
    'heart-health': page('Heart health', {
      primaryCta: { label: 'See program pricing', href: '/pricing/heart-and-metabolic-program' },
    }),
    'understand-your-health': page('Understand your health'),
    'advanced-cholesterol': page('Advanced cholesterol'),
    'upload-results': page('Upload your results'),
    'how-to-export': page('How to export your results', {
      sections: [
        {
          kind: 'guide',
          title: 'By portal',
          intro: null,
          portals: [{ id: 'mychart', name: 'MyChart', steps: ['Log in', 'Download'], tip: null }],
        },
      ],
    }),
  },
  quiz: {
    title: 'Which test is right for me?',
    lead: 'Three questions.',
    questions: [
      {
        id: 'sex',
        prompt: 'What sex were you assigned at birth?',
        help: null,
        options: [
          { value: 'female', label: 'Female' },
          { value: 'male', label: 'Male' },
        ],
      },
      {
        id: 'goal',
        prompt: 'What matters most?',
        help: null,
        options: [
          { value: 'checkup', label: 'A check-up' },
          { value: 'heart', label: 'My heart' },
        ],
      },
      {
        id: 'frequency',
        prompt: 'How often?',
        help: null,
        options: [
          { value: 'once', label: 'Once' },
          { value: 'quarterly', label: 'Every three months' },
        ],
      },
    ],
    sexQuestionId: 'sex',
    rules: [
      { when: { goal: ['heart'] }, offerKey: 'program', reason: 'Your heart comes first.' },
      {
        when: { frequency: ['quarterly'] },
        offerKey: 'quarterly',
        reason: 'Every three months shows trends.',
      },
    ],
    fallback: { offerKey: 'kit', reason: 'A one-time baseline.' },
  },
});
