// What makes an email address and a postal code valid, and what people are told when they are not.
// The contract's schemas check them on the server and the areas' forms as people type, so the
// browser and the API refuse the same things with the same words.

export { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN, validEmailOf } from './email-address';

/** Per shipping country: what the field is called, what it must look like, and what to say if not. */
export const POSTAL_CODES = {
  US: { label: 'ZIP code', pattern: /^\d{5}(?:-\d{4})?$/, message: 'Enter a 5-digit ZIP code' },
  CA: {
    label: 'Postal code',
    pattern: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
    message: 'Enter a postal code such as K1A 0B1',
  },
} as const satisfies Record<string, { label: string; pattern: RegExp; message: string }>;

/** Per shipping country (the 50 states and DC; the provinces and territories): the region field's name, its codes and names, and what to say if it is not one. */
export const REGIONS = {
  US: {
    label: 'State',
    missing: 'Please enter a state',
    invalid: 'Enter a US state, such as TX or Texas',
    names: {
      AL: 'Alabama',
      AK: 'Alaska',
      AZ: 'Arizona',
      AR: 'Arkansas',
      CA: 'California',
      CO: 'Colorado',
      CT: 'Connecticut',
      DE: 'Delaware',
      DC: 'District of Columbia',
      FL: 'Florida',
      GA: 'Georgia',
      HI: 'Hawaii',
      ID: 'Idaho',
      IL: 'Illinois',
      IN: 'Indiana',
      IA: 'Iowa',
      KS: 'Kansas',
      KY: 'Kentucky',
      LA: 'Louisiana',
      ME: 'Maine',
      MD: 'Maryland',
      MA: 'Massachusetts',
      MI: 'Michigan',
      MN: 'Minnesota',
      MS: 'Mississippi',
      MO: 'Missouri',
      MT: 'Montana',
      NE: 'Nebraska',
      NV: 'Nevada',
      NH: 'New Hampshire',
      NJ: 'New Jersey',
      NM: 'New Mexico',
      NY: 'New York',
      NC: 'North Carolina',
      ND: 'North Dakota',
      OH: 'Ohio',
      OK: 'Oklahoma',
      OR: 'Oregon',
      PA: 'Pennsylvania',
      RI: 'Rhode Island',
      SC: 'South Carolina',
      SD: 'South Dakota',
      TN: 'Tennessee',
      TX: 'Texas',
      UT: 'Utah',
      VT: 'Vermont',
      VA: 'Virginia',
      WA: 'Washington',
      WV: 'West Virginia',
      WI: 'Wisconsin',
      WY: 'Wyoming',
    },
  },
  CA: {
    label: 'Province or territory',
    missing: 'Please enter a province or territory',
    invalid: 'Enter a Canadian province or territory, such as ON or Ontario',
    names: {
      AB: 'Alberta',
      BC: 'British Columbia',
      MB: 'Manitoba',
      NB: 'New Brunswick',
      NL: 'Newfoundland and Labrador',
      NS: 'Nova Scotia',
      NT: 'Northwest Territories',
      NU: 'Nunavut',
      ON: 'Ontario',
      PE: 'Prince Edward Island',
      QC: 'Quebec',
      SK: 'Saskatchewan',
      YT: 'Yukon',
    },
  },
} as const satisfies Record<
  string,
  { label: string; missing: string; invalid: string; names: Record<string, string> }
>;

/** Whether the value names a region of the country, by its code or its name, in any case. */
export function isRegionOf(country: keyof typeof REGIONS, value: string): boolean {
  const wanted = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.entries(REGIONS[country].names).some(
    ([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted,
  );
}
