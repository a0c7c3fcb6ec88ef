// What a partner storefront hands the catalog area when it mounts it for the partner's main page
// (through the shell's AreaOutlet): the partner's own words, images, links and colours, already
// checked by the storefront. The catalog owns the main page and fills the rest with its own copy.
import { z } from 'zod';
import { HEX_COLOR_PATTERN } from '../rules/hex-color';
import { isSafeImageSrc } from '../rules/partner-rules';
import { safeString } from './text';

const hexColor = z.string().regex(HEX_COLOR_PATTERN);
const httpUrl = safeString()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'Only http(s) links');

export const partnerImageSchema = z.object({
  src: safeString().min(1).max(2048).refine(isSafeImageSrc, 'Not a safe image address'),
  /** Empty for a decorative image. */
  alt: safeString().max(300),
});

export const partnerMainPageSchema = z.object({
  businessName: safeString().min(1).max(200),
  colors: z.object({
    primary: hexColor,
    section1: hexColor.nullable(),
    section2: hexColor.nullable(),
    banner: hexColor.nullable(),
    bannerBackground: hexColor.nullable(),
    footer: hexColor.nullable(),
  }),
  /** Null where the partner set nothing: the catalog's own copy (renamed for the partner) stands in. */
  hero: z.object({
    title: safeString().max(300).nullable(),
    description: safeString().max(2000).nullable(),
    image: partnerImageSchema.nullable(),
  }),
  /** Null when the partner shows no banner. */
  banner: z.object({ content: safeString().max(2000).nullable() }).nullable(),
  /** The partner's picture for each how-it-works step, by position. */
  stepImages: z.array(partnerImageSchema.nullable()).max(3),
  showBiomarkers: z.boolean(),
  /** The partner's logo for its kit box, drawn on the "order your kit" illustration (absent from older storefronts). */
  boxLogo: partnerImageSchema.nullable().default(null),
  about: z.object({
    title: safeString().max(300).nullable(),
    description: safeString().max(4000).nullable(),
    image: partnerImageSchema.nullable(),
    points: z.array(safeString().max(500)).max(20),
  }),
  footer: z.object({
    companyDescription: safeString().max(4000).nullable(),
    socialLinks: z.object({
      facebook: httpUrl.nullable(),
      instagram: httpUrl.nullable(),
      twitter: httpUrl.nullable(),
      youtube: httpUrl.nullable(),
    }),
  }),
});
export type PartnerMainPage = z.infer<typeof partnerMainPageSchema>;
export type PartnerImage = z.infer<typeof partnerImageSchema>;

/** The area props: nested under one name so they never collide with the shell's own props. */
export const partnerMainPageAreaPropsSchema = z.object({ partnerMainPage: partnerMainPageSchema });
export type PartnerMainPageAreaProps = z.infer<typeof partnerMainPageAreaPropsSchema>;
