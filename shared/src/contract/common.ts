import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  EMAIL_PATTERN,
  isRegionOf,
  POSTAL_CODES,
  REGIONS,
} from '../rules/contact-details';
import { HEX_COLOR_MESSAGE, HEX_COLOR_PATTERN } from '../rules/hex-color';
import { safeString } from './text';

// Money is integer cents everywhere: in the database, on the wire and in totals.
// The ceiling keeps sums of a few lines far inside Number.MAX_SAFE_INTEGER and int4 columns.
export const MAX_CENTS = 100_000_000;
export const centsSchema = z.number().int('Amounts are whole cents').min(0).max(MAX_CENTS);
export type Cents = z.infer<typeof centsSchema>;

export const CURRENCIES = ['usd', 'cad'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;
export const DEFAULT_CURRENCY: Currency = 'usd';

export const SHIPPING_COUNTRIES = ['US', 'CA'] as const;
export const countrySchema = z.enum(SHIPPING_COUNTRIES, {
  message: 'We ship to the US and Canada only',
});
export type ShippingCountry = z.infer<typeof countrySchema>;

/** An email from a client: trimmed and lower-cased before it is checked. */
export const emailInputSchema = safeString({ message: EMAIL_MESSAGES.missing })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_MESSAGES.missing)
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: EMAIL_MESSAGES.invalid }));

/** An email the server sends back (already normalised). */
export const emailSchema = safeString();

export const isoDateTimeSchema = safeString().describe('ISO 8601 date-time');

/** A link a partner may store or a browser may follow: absolute http(s) only. */
export const httpUrlSchema = safeString()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) URL');

/** CSS hex colours only: nothing that could smuggle CSS or script into a style. */
export const colorSchema = safeString().trim().regex(HEX_COLOR_PATTERN, HEX_COLOR_MESSAGE);

export const sessionIdSchema = safeString()
  .trim()
  .min(1)
  .max(100)
  .describe('The client session id kept as curr-session-id');

/** Query-string booleans: "true"/"1" or "false"/"0". */
export const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A comma-separated query list such as "a,b,c" becoming ["a","b","c"]. */
export const queryListSchema = safeString()
  .max(4000)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  );

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** A shipping address (field names follow the payment provider's). */
export const addressSchema = z
  .object({
    name: safeString().trim().min(1, 'Please enter a name').max(200),
    line1: safeString().trim().min(1, 'Please enter an address').max(200),
    line2: safeString().trim().max(200).nullable().default(null),
    city: safeString().trim().min(1, 'Please enter a city').max(100),
    state: safeString().trim().min(2, 'Please enter a state or province').max(50),
    postal_code: safeString().trim().min(1, 'Please enter a postal code').max(20),
    country: countrySchema,
  })
  .superRefine((address, ctx) => {
    const { pattern, message } = POSTAL_CODES[address.country];
    if (!pattern.test(address.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message });
    }
    if (!isRegionOf(address.country, address.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: REGIONS[address.country].invalid });
    }
  });
export type Address = z.output<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** The address as the server returns it (no defaults, no checks). */
export const addressViewSchema = z.object({
  name: safeString(),
  line1: safeString(),
  line2: safeString().nullable(),
  city: safeString(),
  state: safeString(),
  postal_code: safeString(),
  country: countrySchema,
});
export type AddressView = z.infer<typeof addressViewSchema>;
