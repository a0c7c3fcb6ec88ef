import { z } from 'zod';
import { safeString } from './text';
import { colorSchema, httpUrlSchema, queryBooleanSchema } from './common';
import { offerSchema } from './catalog';
import { PARTNER_META_NAMES, isSafeImageSrc } from '../rules/partner-rules';

export const DEFAULT_PRIMARY_COLOR = '#3cbab5';
export const PRICING_MODES = [
  'pricing-table',
  'single-product',
  'one-time',
  'monthly',
  'quarterly',
  'annual',
  'add-ons',
] as const;
export const DEFAULT_PRICING_MODE = 'pricing-table';
/** The partner that keeps the shop's own prices even when it lists products. */
export const PRICE_KEEPING_PARTNER_KEY = 'your-health-business';

export const shopKeySchema = safeString()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'A shop key is lower-case letters, digits and dashes');

/** An image: an absolute http(s) URL, a same-origin path, or an inline raster/SVG data URL (safe in <img>). */
export const imageUrlSchema = safeString()
  .trim()
  .max(200_000)
  .refine(isSafeImageSrc, 'Must be an http(s) URL, a /path or a data:image URL');

// Plain text only: the storefront renders these as text (or through a sanitiser), never as raw HTML.
const text = (max: number) => safeString().max(max);

// Only allowlisted names: the storefront writes name/content pairs, never http-equiv or markup.
export const metaTagSchema = z
  .object({
    name: z.enum(PARTNER_META_NAMES, {
      message: `A meta tag name is one of ${PARTNER_META_NAMES.join(', ')}`,
    }),
    content: safeString().max(1000),
  })
  .refine(
    (tag) =>
      !['og:image', 'og:url', 'twitter:image'].includes(tag.name) ||
      httpUrlSchema.safeParse(tag.content).success,
    { message: 'This meta tag holds a link: it must be an http(s) URL', path: ['content'] },
  );

export const redirectAfterPurchaseSchema = z.object({
  url: httpUrlSchema,
  // The purchase must include one of these offer keys; empty means any purchase.
  productKeys: z.array(safeString().max(100)).max(50).default([]),
});

/** Every field of the partner customization, checked when it is written. */
export const customizationFieldsSchema = z.object({
  businessName: text(200).trim().min(1, 'businessName is required'),
  boxLogo: imageUrlSchema.nullable().default(null),
  products: z
    .array(offerSchema)
    .max(100)
    .refine(
      (list) => new Set(list.map((product) => product.key)).size === list.length,
      'Each product key may appear once',
    )
    .nullable()
    .default(null),
  pricingMode: z.enum(PRICING_MODES).default(DEFAULT_PRICING_MODE),
  primaryColor: colorSchema.default(DEFAULT_PRIMARY_COLOR),
  barColor: colorSchema.nullable().default(null),
  footerColor: colorSchema.nullable().default(null),
  section1Color: colorSchema.nullable().default(null),
  section2Color: colorSchema.nullable().default(null),
  logoLink: httpUrlSchema.nullable().default(null),
  redirectLink: httpUrlSchema.nullable().default(null),
  redirectAfterPurchase: z.array(redirectAfterPurchaseSchema).max(20).default([]),
  mainPageTitle: text(300).nullable().default(null),
  mainPageDescription: text(5000).nullable().default(null),
  mainPageImage: imageUrlSchema.nullable().default(null),
  mainPageStep1Image: imageUrlSchema.nullable().default(null),
  mainPageStep2Image: imageUrlSchema.nullable().default(null),
  mainPageStep3Image: imageUrlSchema.nullable().default(null),
  logo: imageUrlSchema.nullable().default(null),
  favicon: imageUrlSchema.nullable().default(null),
  metaTags: z.array(metaTagSchema).max(30).default([]),
  newMarkersSection: z.boolean().default(false),
  aboutTitle: text(300).nullable().default(null),
  aboutImage: imageUrlSchema.nullable().default(null),
  aboutDescription: text(5000).nullable().default(null),
  aboutPoints: z.array(text(500)).max(20).default([]),
  bannerColor: colorSchema.nullable().default(null),
  bannerBGColor: colorSchema.nullable().default(null),
  bannerContent: text(2000).nullable().default(null),
  bannerShow: z.boolean().default(false),
  companyDescription: text(5000).nullable().default(null),
  facebookLink: httpUrlSchema.nullable().default(null),
  instagramLink: httpUrlSchema.nullable().default(null),
  twitterLink: httpUrlSchema.nullable().default(null),
  youtubeLink: httpUrlSchema.nullable().default(null),
});

/** What an operator writes (unknown keys are refused so a typo is not silently lost). */
export const customizationInputSchema = customizationFieldsSchema.strict();
export type CustomizationInput = z.input<typeof customizationInputSchema>;
export type CustomizationFields = z.output<typeof customizationFieldsSchema>;

/** What GET /api/v1/customization/{shopKey} returns: defaults filled in. */
export const customizationSchema = customizationFieldsSchema.extend({
  shopKey: safeString(),
  updatedAt: safeString(),
});
export type Customization = z.output<typeof customizationSchema>;

export const customizationParamsSchema = z.object({ shopKey: shopKeySchema });
export const customizationQuerySchema = z.object({
  // When true, `products` comes back as null to keep the payload small.
  excludeProducts: queryBooleanSchema.optional(),
});
