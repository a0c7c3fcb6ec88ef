// The storefront's pricing pages: five variants, and /pricing chosen by pricingMode.
import type { StorefrontOffer } from './storefront-offers';

export const PRICING_VARIANT_IDS = [
  'one-time',
  'add-ons',
  'monthly',
  'quarterly',
  'annual',
] as const;
export type PricingVariantId = (typeof PRICING_VARIANT_IDS)[number];

export interface PricingVariant {
  id: PricingVariantId;
  /** Route path inside the storefront. */
  path: string;
  label: string;
  heading: string;
  lead: string;
  matches(offer: StorefrontOffer): boolean;
}

const PLAN_TYPES = new Set(['kit', 'subscription', 'program']);
const plan = (offer: StorefrontOffer) => PLAN_TYPES.has(offer.type) && !offer.isUnlimitedUpgrade;

export const PRICING_VARIANTS: readonly PricingVariant[] = [
  {
    id: 'one-time',
    path: 'pricing/one-time',
    label: 'One-time',
    heading: 'One-time tests',
    lead: 'A single kit, no subscription.',
    matches: (offer) => plan(offer) && offer.priceType === 'one_time',
  },
  {
    id: 'monthly',
    path: 'pricing/monthly',
    label: 'Monthly',
    heading: 'Monthly plans',
    lead: 'A kit every month, for close tracking.',
    matches: (offer) => plan(offer) && offer.priceRecurringInterval === 'month',
  },
  {
    id: 'quarterly',
    path: 'pricing/quarterly',
    label: 'Quarterly',
    heading: 'Quarterly plans',
    lead: 'A kit every three months.',
    matches: (offer) => plan(offer) && offer.priceRecurringInterval === 'quarter',
  },
  {
    id: 'annual',
    path: 'pricing/annual',
    label: 'Annual',
    heading: 'Annual plans',
    lead: 'One yearly check-up, billed once a year.',
    matches: (offer) => plan(offer) && offer.priceRecurringInterval === 'year',
  },
  {
    id: 'add-ons',
    path: 'pricing/add-ons',
    label: 'Add-ons',
    heading: 'Add-ons',
    lead: 'Extras to add to any kit or plan.',
    matches: (offer) => offer.type === 'add-on',
  },
];

export function pricingVariant(id: PricingVariantId): PricingVariant {
  return PRICING_VARIANTS.find((variant) => variant.id === id)!;
}

export function offersForVariant(
  offers: readonly StorefrontOffer[],
  id: PricingVariantId,
): StorefrontOffer[] {
  return offers.filter(pricingVariant(id).matches);
}

/** What /pricing shows: every variant ('pricing-table', the default), one product, or one variant. */
export type PricingModeView =
  { kind: 'table' } | { kind: 'single-product' } | { kind: 'variant'; id: PricingVariantId };

export function pricingModeView(pricingMode: unknown): PricingModeView {
  if (pricingMode === 'single-product') return { kind: 'single-product' };
  if ((PRICING_VARIANT_IDS as readonly unknown[]).includes(pricingMode))
    return { kind: 'variant', id: pricingMode as PricingVariantId };
  return { kind: 'table' };
}

/**
 * What /pricing shows for this partner's mode and offers: a mode that would show nothing (a variant
 * it sells none of, or a single product when it sells none) shows the table of everything instead.
 */
export function pricingLanding(
  pricingMode: unknown,
  offers: readonly StorefrontOffer[],
): PricingModeView {
  const view = pricingModeView(pricingMode);
  if (view.kind === 'variant' && offersForVariant(offers, view.id).length === 0)
    return { kind: 'table' };
  if (view.kind === 'single-product' && offers.length === 0) return { kind: 'table' };
  return view;
}

/** The table's sections: every variant that has offers, in the variants' order. */
export function pricingSections(offers: readonly StorefrontOffer[]) {
  return PRICING_VARIANTS.map((variant) => ({
    variant,
    offers: offersForVariant(offers, variant.id),
  })).filter((section) => section.offers.length > 0);
}

/** The offer cards a page showing `view` draws, one per card (the table's sections in turn). */
export function offersShown(
  offers: readonly StorefrontOffer[],
  view: PricingModeView,
): StorefrontOffer[] {
  if (view.kind === 'table') return pricingSections(offers).flatMap((section) => section.offers);
  return view.kind === 'variant' ? offersForVariant(offers, view.id) : offers.slice(0, 1);
}

export interface PricingTab {
  /** Route path inside the storefront. */
  to: string;
  label: string;
}

const LANDING_TAB_LABEL = { table: 'All plans', 'single-product': 'Featured test' } as const;

/**
 * The pricing tabs: /pricing, named for what it shows, then every other variant the partner has
 * offers in. A variant that /pricing already shows gets no second tab.
 */
export function pricingTabs(
  landing: PricingModeView,
  offers: readonly StorefrontOffer[],
): PricingTab[] {
  const first: PricingTab = {
    to: '/pricing',
    label:
      landing.kind === 'variant'
        ? pricingVariant(landing.id).label
        : LANDING_TAB_LABEL[landing.kind],
  };
  const others = PRICING_VARIANTS.filter(
    (variant) =>
      !(landing.kind === 'variant' && landing.id === variant.id) &&
      offersForVariant(offers, variant.id).length > 0,
  ).map((variant) => ({ to: `/${variant.path}`, label: variant.label }));
  return [first, ...others];
}

/** Why the shopper landed on /pricing instead of the variant page they asked for. */
export function missingVariantNotice(
  businessName: string,
  missing: PricingVariantId,
  landing: PricingModeView,
): string {
  const shown =
    landing.kind === 'table'
      ? 'Here is everything it offers.'
      : landing.kind === 'single-product'
        ? 'Here is its featured test.'
        : `Here are its ${pricingVariant(landing.id).heading.toLowerCase()}.`;
  return `${businessName} has no ${pricingVariant(missing).heading.toLowerCase()}. ${shown}`;
}
