import type { Offer, Price } from '@shop/shared/contract/catalog';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';

const offer = (key: string, type: string, title: string, description = ''): Offer => ({
  key,
  type,
  kitType: 'full-panel',
  title,
  quantity: 1,
  price: key.replace(/-/g, '_'),
  description,
  biomarkers: [],
  badge: null,
});

export const OFFERS: Offer[] = [
  offer('bloodwise-kit', 'kit', 'Bloodwise Complete Panel', 'One Bloodwise kit, 12 markers.'),
  offer('bloodwise-monthly', 'subscription', 'Bloodwise Monthly'),
  offer('bloodwise-quarterly', 'subscription', 'Bloodwise Quarterly'),
  offer('bloodwise-annual', 'subscription', 'Bloodwise Annual'),
  offer('mini-panel', 'add-on', 'Mini Panel'),
];

const price = (
  lookupKey: string,
  productKey: string,
  unitAmount: number,
  recurring: Price['recurring'] = null,
  metadata: Record<string, string> = {},
): Price => ({
  id: `price_${lookupKey}`,
  lookupKey,
  productKey,
  unitAmount,
  currency: 'usd',
  type: recurring ? 'recurring' : 'one_time',
  recurring,
  metadata,
});

export const PRICES: Price[] = [
  price('bloodwise_kit', 'bloodwise-kit', 14_900),
  price('bloodwise_monthly', 'bloodwise-monthly', 9_900, { interval: 'month', intervalCount: 1 }),
  price('bloodwise_quarterly', 'bloodwise-quarterly', 12_900, {
    interval: 'month',
    intervalCount: 3,
  }),
  price('bloodwise_annual', 'bloodwise-annual', 14_500, { interval: 'year', intervalCount: 1 }),
  price('mini_panel', 'mini-panel', 3_950),
  price('acme_kit', 'bloodwise-kit', 12_900, null, { partner: 'acme-wellness' }),
  price('yhb_kit', 'bloodwise-kit', 100, null, { partner: 'your-health-business' }),
];

export const MAIN_PAGE_COPY = {
  hero: { title: 'Know your numbers', image: { src: '/hero.svg', alt: 'A Bloodwise kit' } },
  howItWorks: {
    title: 'How Bloodwise works',
    steps: [
      {
        title: 'Order',
        description: 'We ship your Bloodwise kit.',
        image: { src: '/step-1.svg', alt: '' },
      },
      { title: 'Collect', description: 'A finger prick at home.', image: null },
      { title: 'Read', description: 'Results online.', image: null },
    ],
  },
  biomarkers: {
    title: 'What Bloodwise measures',
    description: 'Markers grouped by what they tell you.',
    groups: [{ name: 'Heart', description: 'Cholesterol.', markers: ['ApoB', 'LDL'] }],
    cta: { label: 'Learn more', href: '/advanced-cholesterol' },
  },
};

export const ACME: PartnerCustomizationProp = {
  shopKey: 'acme-wellness',
  businessName: 'Acme Wellness',
  primaryColor: '#6b3fa0',
  footerColor: '#2e1a47',
  section1Color: '#f4effa',
  pricingMode: 'pricing-table',
  mainPageTitle: 'Bloodwise testing for Acme staff',
  mainPageDescription: 'Order a Bloodwise kit today.',
  mainPageImage: 'https://cdn.example.com/hero.png',
  mainPageStep2Image: 'https://cdn.example.com/step-2.png',
  boxLogo: 'https://cdn.example.com/box-logo.png',
  aboutTitle: 'Why Acme Wellness',
  aboutDescription: 'Preventive health at work.',
  aboutPoints: ['Members-only pricing', 'Private results'],
  bannerShow: true,
  bannerContent: 'Acme members save on every Bloodwise kit.',
  bannerColor: '#ffffff',
  bannerBGColor: '#6b3fa0',
  companyDescription: 'Acme Wellness Inc.',
  newMarkersSection: true,
  facebookLink: 'https://facebook.com/acme',
  instagramLink: 'javascript:alert(1)',
  redirectLink: null,
  redirectAfterPurchase: [{ url: 'https://acme.example.com/thanks', productKeys: [] }],
  metaTags: [],
  products: [
    {
      key: 'bloodwise-kit',
      type: 'kit',
      kitType: 'full-panel',
      title: 'Acme Complete Panel',
      quantity: 1,
      price: 'acme_kit',
    },
    {
      key: 'bloodwise-quarterly',
      type: 'subscription',
      kitType: 'full-panel',
      title: 'Bloodwise Quarterly',
      quantity: 1,
      price: 'bloodwise_quarterly',
    },
  ],
};

/** No product list: the shop's default products and prices. */
export const PLAIN: PartnerCustomizationProp = {
  shopKey: 'plain-partner',
  businessName: 'Plain Partner',
  primaryColor: '#0b6e4f',
  products: null,
};
