import type { CustomizationInput } from '@shop/shared/contract/customization';

export const DEMO_USER = {
  email: 'demo@bloodwise.test',
  password: 'bloodwise-demo-1',
  name: 'Demo Shopper',
} as const;
/** An account from the old store: it has no password here, so its owner must reset it. */
export const DEMO_LEGACY_USER = { email: 'legacy@bloodwise.test', name: 'Legacy Shopper' } as const;

const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

const ACME_LOGO = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#6b3fa0"/><path d="M10 30 20 10 30 30z" fill="#fff"/><text x="50" y="27" font-family="Arial" font-size="18" font-weight="700" fill="#6b3fa0">Acme</text></svg>',
);
const HARBOR_LOGO = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="172" height="40" viewBox="0 0 172 40"><circle cx="20" cy="20" r="18" fill="#0b6e4f"/><path d="M9 24c4-6 8-6 11 0s7 6 11 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><text x="46" y="27" font-family="Arial" font-size="18" font-weight="700" fill="#0b3d2e">Harbor</text></svg>',
);
const HARBOR_FAVICON = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#0b6e4f"/><path d="M6 19c3-5 7-5 10 0s7 5 10 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
);
const ACME_FAVICON = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#6b3fa0"/><path d="M8 24 16 8 24 24z" fill="#fff"/></svg>',
);

export const DEMO_CUSTOMIZATIONS: Record<string, CustomizationInput> = {
  'your-health-business': {
    businessName: 'Your Health Business',
    mainPageTitle: 'Lab-grade blood testing for your team',
    mainPageDescription: 'Order at-home blood-test kits for yourself or your employees.',
    aboutTitle: 'Why Your Health Business partners with us',
    aboutPoints: ['Doctor-reviewed results', 'CLIA-certified labs', 'Results in 5 days'],
    companyDescription:
      'Your Health Business helps employers offer preventive blood testing to their teams.',
    facebookLink: 'https://facebook.com/yourhealthbusiness',
    instagramLink: 'https://instagram.com/yourhealthbusiness',
    // Lists products but keeps the shop's own prices.
    products: [
      {
        key: 'bloodwise-kit',
        type: 'kit',
        kitType: 'full-panel',
        title: 'Complete Panel',
        quantity: 1,
        price: 'bloodwise_kit_one_time',
      },
      {
        key: 'bloodwise-quarterly',
        type: 'subscription',
        kitType: 'full-panel',
        title: 'Quarterly Panel',
        quantity: 1,
        price: 'bloodwise_quarterly',
      },
    ],
  },
  'acme-wellness': {
    businessName: 'Acme Wellness',
    primaryColor: '#6b3fa0',
    barColor: '#4a2a73',
    footerColor: '#2e1a47',
    section1Color: '#f4effa',
    section2Color: '#ffffff',
    bannerColor: '#ffffff',
    bannerBGColor: '#6b3fa0',
    bannerContent: 'Acme members save on every kit this month.',
    bannerShow: true,
    logo: ACME_LOGO,
    boxLogo: ACME_LOGO,
    favicon: ACME_FAVICON,
    logoLink: 'https://acme-wellness.example.com',
    pricingMode: 'pricing-table',
    mainPageTitle: 'Acme Wellness blood testing',
    mainPageDescription: 'Know your numbers with an at-home kit from Acme Wellness.',
    aboutTitle: 'About Acme Wellness',
    aboutDescription: 'Acme Wellness brings preventive health to workplaces.',
    aboutPoints: ['Members-only pricing', 'Private results', 'A prepaid return box with every kit'],
    companyDescription: 'Acme Wellness Inc., a workplace health company.',
    metaTags: [
      { name: 'description', content: 'Acme Wellness at-home blood tests' },
      { name: 'og:title', content: 'Acme Wellness' },
    ],
    newMarkersSection: true,
    facebookLink: 'https://facebook.com/acmewellness',
    instagramLink: 'https://instagram.com/acmewellness',
    redirectAfterPurchase: [{ url: 'https://acme-wellness.example.com/thanks', productKeys: [] }],
    products: [
      {
        // The complete panel at Acme's own price (a partner-only price in the demo catalog).
        key: 'bloodwise-kit',
        type: 'kit',
        kitType: 'full-panel',
        title: 'Acme Complete Panel',
        quantity: 1,
        price: 'acme_kit_one_time',
      },
      {
        key: 'bloodwise-quarterly',
        type: 'subscription',
        kitType: 'full-panel',
        title: 'Acme Quarterly',
        quantity: 1,
        price: 'bloodwise_quarterly',
      },
    ],
  },
  // Sells the shop's default products at the default prices, and opens /pricing on the quarterly plans.
  'harbor-health': {
    businessName: 'Harbor Health Clinics',
    primaryColor: '#0b6e4f',
    barColor: '#f1f8f5',
    footerColor: '#0b3d2e',
    section1Color: '#f1f8f5',
    bannerBGColor: '#fff4d6',
    bannerColor: '#5a3e00',
    bannerContent: 'Harbor patients: a quarterly plan keeps your numbers up to date.',
    bannerShow: true,
    logo: HARBOR_LOGO,
    favicon: HARBOR_FAVICON,
    pricingMode: 'quarterly',
    mainPageTitle: 'At-home blood tests from Harbor Health Clinics',
    mainPageDescription:
      'Your clinic’s at-home blood tests: order a Bloodwise kit, collect at home, review with your doctor.',
    aboutTitle: 'Why Harbor recommends at-home testing',
    aboutPoints: ['Results shared with your care team', 'Same labs as our clinics'],
    companyDescription: 'Harbor Health Clinics, community care since 1987.',
    metaTags: [{ name: 'description', content: 'At-home blood tests from Harbor Health Clinics' }],
    twitterLink: 'https://twitter.com/harborhealth',
    youtubeLink: 'https://youtube.com/@harborhealth',
  },
  'redirect-partner': {
    businessName: 'Redirect Partner',
    primaryColor: '#d9480f',
    redirectLink: 'https://redirect-partner.example.com/shop',
  },
};

export interface SeedDiscount {
  code: string;
  kind: 'percent' | 'amount';
  percentOff?: number;
  amountOff?: number;
  businessKey?: string;
  expiresAt?: string;
  minSubtotal?: number;
  allowedEmails?: string[];
  productLookupKeys?: string[];
  oncePerCustomer?: boolean;
}

export const DEMO_DISCOUNTS: SeedDiscount[] = [
  { code: 'WELCOME10', kind: 'percent', percentOff: 10 },
  { code: 'SAVE20', kind: 'amount', amountOff: 2_000 },
  { code: 'ACME15', kind: 'percent', percentOff: 15, businessKey: 'acme-wellness' },
  { code: 'EXPIRED10', kind: 'percent', percentOff: 10, expiresAt: '2020-01-01T00:00:00Z' },
  { code: 'BIGORDER25', kind: 'percent', percentOff: 25, minSubtotal: 25_000 },
  { code: 'VIPONLY', kind: 'amount', amountOff: 5_000, allowedEmails: ['demo@bloodwise.test'] },
  { code: 'ONCEPER15', kind: 'percent', percentOff: 15, oncePerCustomer: true },
  {
    code: 'KITONLY20',
    kind: 'percent',
    percentOff: 20,
    productLookupKeys: ['bloodwise_kit_one_time'],
  },
];
