// The address form's choices, from the rules the contract checks addresses with.
import type { ShippingCountry } from '@shop/shared/contract/common';
import { REGIONS as REGION_RULES } from '@shop/shared/rules/contact-details';

export interface Region {
  code: string;
  name: string;
}

const regionsOf = (country: ShippingCountry): Region[] =>
  Object.entries(REGION_RULES[country].names).map(([code, name]) => ({ code, name }));

export const REGIONS: Record<ShippingCountry, Region[]> = {
  US: regionsOf('US'),
  CA: regionsOf('CA'),
};

export const COUNTRY_NAMES: Record<ShippingCountry, string> = { US: 'United States', CA: 'Canada' };

/** What the region is called in each country, for labels and messages. */
export const REGION_LABEL: Record<ShippingCountry, string> = {
  US: REGION_RULES.US.label,
  CA: REGION_RULES.CA.label,
};
