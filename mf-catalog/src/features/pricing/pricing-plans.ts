import type { RecurringInterval } from '@shop/shared/catalog/recurring-interval';

export interface PricingPlan {
  key: string;
  title: string;
  description: string;
  markers: string[];
  /** List price in cents; the server prices the cart, never these figures. */
  unitAmount: number;
  interval: RecurringInterval | null;
  highlighted?: boolean;
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    key: 'essential-one-time',
    title: 'Essential panel',
    description: 'A one-off check of the markers most doctors start with.',
    markers: ['Lipid panel', 'HbA1c', 'Kidney function', 'Liver enzymes'],
    unitAmount: 9900,
    interval: null,
  },
  {
    key: 'essential-quarterly',
    title: 'Essential membership',
    description: 'The essential panel every three months, so you see trends, not snapshots.',
    markers: ['Everything in Essential', 'Quarterly kit', 'Trend dashboard'],
    unitAmount: 7950,
    interval: 'quarter',
    highlighted: true,
  },
  {
    key: 'heart-metabolic-annual',
    title: 'Heart & metabolic',
    description: 'Advanced lipids and insulin resistance markers, twice a year.',
    markers: ['ApoB and Lp(a)', 'hs-CRP', 'Fasting insulin', 'Two kits a year'],
    unitAmount: 19900,
    interval: 'twice-year',
  },
];
