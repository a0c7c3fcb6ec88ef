// The demo catalog: product names, prices and copy are data, never hard-coded in the UI.

export interface SeedProduct {
  key: string;
  type: 'kit' | 'subscription' | 'program' | 'add-on';
  kitType: string;
  title: string;
  quantity: number;
  description: string;
  biomarkers: string[];
  badge: string | null;
  sortOrder: number;
}

export interface SeedPrice {
  id: string;
  lookupKey: string;
  productKey: string;
  unitAmount: number;
  type: 'one_time' | 'recurring';
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number | null;
  metadata: Record<string, string>;
}

const CORE_PANEL = [
  'Total cholesterol',
  'LDL cholesterol',
  'HDL cholesterol',
  'Triglycerides',
  'HbA1c',
  'Fasting glucose',
  'hs-CRP',
  'TSH',
  'Vitamin D (25-OH)',
  'Ferritin',
  'ALT',
  'Creatinine (eGFR)',
];
const HEART_PANEL = [...CORE_PANEL.slice(0, 7), 'ApoB', 'Lipoprotein(a)', 'Insulin', 'Uric acid'];
const MINI_PANEL = ['HbA1c', 'Total cholesterol', 'HDL cholesterol', 'hs-CRP'];

const subscription = (
  key: string,
  title: string,
  sortOrder: number,
  badge: string | null,
  description: string,
): SeedProduct => ({
  key,
  type: 'subscription',
  kitType: 'full-panel',
  title,
  quantity: 1,
  description,
  biomarkers: CORE_PANEL,
  badge,
  sortOrder,
});

export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    key: 'bloodwise-kit',
    type: 'kit',
    kitType: 'full-panel',
    title: 'Bloodwise Complete Panel',
    quantity: 1,
    description:
      'One at-home finger-prick kit covering 12 core biomarkers, with a doctor-reviewed report in 5 days.',
    biomarkers: CORE_PANEL,
    badge: null,
    sortOrder: 10,
  },
  subscription(
    'bloodwise-monthly',
    'Bloodwise Monthly',
    20,
    null,
    'A complete panel every month to track fast changes.',
  ),
  subscription(
    'bloodwise-4-weeks',
    'Bloodwise Every 4 Weeks',
    21,
    null,
    'A complete panel every 28 days.',
  ),
  subscription(
    'bloodwise-quarterly',
    'Bloodwise Quarterly',
    22,
    'Most popular',
    'A complete panel every 3 months: the rhythm most shoppers choose.',
  ),
  subscription(
    'bloodwise-twice-year',
    'Bloodwise Twice a Year',
    23,
    null,
    'A complete panel every 6 months.',
  ),
  subscription(
    'bloodwise-annual',
    'Bloodwise Annual',
    24,
    'Best value',
    'A complete panel every year.',
  ),
  subscription(
    'bloodwise-2-years',
    'Bloodwise Every 2 Years',
    25,
    null,
    'A complete panel every 2 years.',
  ),
  subscription(
    'bloodwise-20-days',
    'Bloodwise Every 20 Days',
    26,
    null,
    'For close monitoring: a panel every 20 days.',
  ),
  subscription('bloodwise-60-days', 'Bloodwise Every 60 Days', 27, null, 'A panel every 60 days.'),
  {
    key: 'heart-metabolic-program',
    type: 'program',
    kitType: 'heart-metabolic',
    title: 'Heart & Metabolic Program',
    quantity: 4,
    description:
      'Four heart and metabolic panels over a year, each followed by a clinician consult and a plan.',
    biomarkers: HEART_PANEL,
    badge: 'Program',
    sortOrder: 30,
  },
  {
    key: 'mini-panel',
    type: 'add-on',
    kitType: 'mini-panel',
    title: 'Mini Panel',
    quantity: 1,
    description: 'A quick 4-marker check between full panels.',
    biomarkers: MINI_PANEL,
    badge: null,
    sortOrder: 40,
  },
  {
    key: 'easy-draw',
    type: 'add-on',
    kitType: 'easy-draw',
    title: 'Easy-Draw Collection Device',
    quantity: 1,
    description: 'A painless upper-arm collection device instead of the finger prick.',
    biomarkers: [],
    badge: null,
    sortOrder: 41,
  },
  {
    key: 'bp-monitor-tape',
    type: 'add-on',
    kitType: 'bp-monitor',
    title: 'Blood-Pressure Monitor with Measuring Tape',
    quantity: 1,
    description: 'A validated upper-arm blood-pressure monitor and a waist measuring tape.',
    biomarkers: [],
    badge: null,
    sortOrder: 42,
  },
  {
    key: 'unlimited-upgrade',
    type: 'add-on',
    kitType: 'full-panel',
    title: 'Unlimited Upgrades',
    quantity: 1,
    description: 'Every future add-on marker included for the life of your plan.',
    biomarkers: [],
    badge: null,
    sortOrder: 43,
  },
];

const price = (
  lookupKey: string,
  productKey: string,
  unitAmount: number,
  recurring: [SeedPrice['interval'], number] | null,
  metadata: Record<string, string> = {},
): SeedPrice => ({
  id: `price_${lookupKey}`,
  lookupKey,
  productKey,
  unitAmount,
  type: recurring ? 'recurring' : 'one_time',
  interval: recurring ? recurring[0] : null,
  intervalCount: recurring ? recurring[1] : null,
  metadata,
});

/** One price per offer (its lookup key is the offer's `price`), plus partner-only prices. */
export const DEMO_PRICES: SeedPrice[] = [
  price('bloodwise_kit_one_time', 'bloodwise-kit', 14_900, null),
  price('bloodwise_monthly', 'bloodwise-monthly', 9_900, ['month', 1]),
  price('bloodwise_4_weeks', 'bloodwise-4-weeks', 9_500, ['day', 28]),
  price('bloodwise_quarterly', 'bloodwise-quarterly', 12_900, ['month', 3]),
  price('bloodwise_twice_year', 'bloodwise-twice-year', 13_900, ['month', 6]),
  price('bloodwise_annual', 'bloodwise-annual', 14_500, ['year', 1]),
  price('bloodwise_2_years', 'bloodwise-2-years', 13_500, ['year', 2]),
  price('bloodwise_20_days', 'bloodwise-20-days', 8_900, ['day', 20]),
  price('bloodwise_60_days', 'bloodwise-60-days', 11_900, ['day', 60]),
  price('heart_metabolic_program', 'heart-metabolic-program', 19_900, ['month', 3]),
  price('mini_panel_upgrade', 'mini-panel', 3_900, null),
  price('easy_draw_device', 'easy-draw', 4_900, null),
  price('bp_monitor_tape', 'bp-monitor-tape', 5_900, null),
  price('unlimited_upgrade', 'unlimited-upgrade', 9_900, null, { unlimited_upgrade: 'true' }),
  // A partner's own price for the complete panel (used by acme-wellness's product list).
  price('acme_kit_one_time', 'bloodwise-kit', 12_900, null, { partner: 'acme-wellness' }),
];

export const PRODUCT_PRICE_LOOKUP: Record<string, string> = {
  'bloodwise-kit': 'bloodwise_kit_one_time',
  'bloodwise-monthly': 'bloodwise_monthly',
  'bloodwise-4-weeks': 'bloodwise_4_weeks',
  'bloodwise-quarterly': 'bloodwise_quarterly',
  'bloodwise-twice-year': 'bloodwise_twice_year',
  'bloodwise-annual': 'bloodwise_annual',
  'bloodwise-2-years': 'bloodwise_2_years',
  'bloodwise-20-days': 'bloodwise_20_days',
  'bloodwise-60-days': 'bloodwise_60_days',
  'heart-metabolic-program': 'heart_metabolic_program',
  'mini-panel': 'mini_panel_upgrade',
  'easy-draw': 'easy_draw_device',
  'bp-monitor-tape': 'bp_monitor_tape',
  'unlimited-upgrade': 'unlimited_upgrade',
};

export const DEMO_SHIPPING_RATES = [
  {
    country: 'US',
    currency: 'usd',
    amount: 595,
    additionalKit: 200,
    consolidated: 995,
    minDays: 3,
    maxDays: 4,
  },
  {
    country: 'CA',
    currency: 'usd',
    amount: 1_495,
    additionalKit: 500,
    consolidated: 2_495,
    minDays: 5,
    maxDays: 7,
  },
];
