import { z } from 'zod';
import { safeString } from './text';
import { colorSchema, httpUrlSchema } from './common';
import { imageUrlSchema } from './customization';
import { INVITATION_SOURCES } from './user';

// The catalog's page copy (GET /api/v1/catalog/content). It is seeded data an operator can change,
// so every field is plain text: the pages render it with React's escaping, never as HTML.

const text = (max: number) => safeString().trim().min(1).max(max);

/** A link inside the shop ("/pricing") or, for partners, an absolute http(s) URL. */
export const contentHrefSchema = safeString()
  .trim()
  .max(500)
  .refine(
    (value) =>
      (value.startsWith('/') && !value.startsWith('//')) || httpUrlSchema.safeParse(value).success,
    'Must be a /path or an http(s) URL',
  );

export const contentLinkSchema = z.object({ label: text(80), href: contentHrefSchema });
export type ContentLink = z.infer<typeof contentLinkSchema>;

/** An illustration (same rules as a partner's images), with its alt text. */
export const contentImageSchema = z.object({
  src: imageUrlSchema,
  /** Empty for a decorative image. */
  alt: safeString().max(300),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const socialLinksSchema = z.object({
  facebook: httpUrlSchema.nullable(),
  instagram: httpUrlSchema.nullable(),
  twitter: httpUrlSchema.nullable(),
  youtube: httpUrlSchema.nullable(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

const titledItemSchema = z.object({ title: text(120), text: text(800) });

/** The building blocks of a content page, rendered in order. */
export const pageSectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('points'),
    title: text(160),
    intro: text(600).nullable(),
    items: z.array(titledItemSchema).min(1).max(12),
  }),
  z.object({
    kind: z.literal('steps'),
    title: text(160),
    intro: text(600).nullable(),
    items: z.array(titledItemSchema).min(1).max(12),
  }),
  z.object({
    kind: z.literal('markers'),
    title: text(160),
    intro: text(600).nullable(),
    items: z
      .array(z.object({ name: text(80), text: text(600) }))
      .min(1)
      .max(30),
  }),
  z.object({
    kind: z.literal('guide'),
    title: text(160),
    intro: text(600).nullable(),
    portals: z
      .array(
        z.object({
          id: safeString()
            .regex(/^[a-z0-9-]+$/)
            .max(40),
          name: text(80),
          steps: z.array(text(400)).min(1).max(12),
          tip: text(400).nullable(),
        }),
      )
      .min(1)
      .max(12),
  }),
  z.object({
    kind: z.literal('offers'),
    title: text(160),
    intro: text(600).nullable(),
    offerKeys: z.array(safeString().max(100)).min(1).max(12),
  }),
  z.object({
    kind: z.literal('faq'),
    title: text(160),
    items: z
      .array(z.object({ question: text(200), answer: text(1200) }))
      .min(1)
      .max(20),
  }),
  z.object({
    kind: z.literal('waitlist'),
    source: z.enum(INVITATION_SOURCES),
    title: text(160),
    text: text(600),
    successText: text(300),
    alreadyText: text(300),
  }),
  z.object({
    kind: z.literal('referral'),
    title: text(160),
    text: text(600),
    successText: text(300),
  }),
  z.object({ kind: z.literal('cta'), title: text(160), text: text(600), cta: contentLinkSchema }),
]);
export type PageSection = z.infer<typeof pageSectionSchema>;
export type PageSectionKind = PageSection['kind'];

/** The main page mirrors the partner customization's main-page fields. */
export const mainPageContentSchema = z.object({
  hero: z.object({
    eyebrow: text(80).nullable(),
    title: text(200),
    description: text(1000),
    image: contentImageSchema.nullable(),
    primaryCta: contentLinkSchema,
    secondaryCta: contentLinkSchema.nullable(),
    highlights: z.array(text(120)).max(6),
  }),
  howItWorks: z.object({
    title: text(120),
    steps: z
      .array(
        z.object({
          title: text(120),
          description: text(500),
          image: contentImageSchema.nullable(),
        }),
      )
      .length(3),
  }),
  biomarkers: z.object({
    title: text(120),
    description: text(600),
    groups: z
      .array(
        z.object({
          name: text(80),
          description: text(300),
          markers: z.array(text(80)).min(1).max(40),
        }),
      )
      .min(1)
      .max(12),
    cta: contentLinkSchema.nullable(),
  }),
  about: z.object({
    title: text(120),
    description: text(1500),
    image: contentImageSchema.nullable(),
    points: z.array(text(300)).max(12),
  }),
  banner: z.object({
    show: z.boolean(),
    content: text(300),
    cta: contentLinkSchema.nullable(),
    color: colorSchema,
    backgroundColor: colorSchema,
  }),
  featuredTitle: text(120),
  /** Offers featured on the main page, by offer key. */
  featuredOfferKeys: z.array(safeString().max(100)).max(6),
  /** Shop-only sections (waitlist, referral) between the about section and the banner. */
  sections: z.array(pageSectionSchema).max(10),
  footer: z.object({ companyDescription: text(600), socialLinks: socialLinksSchema }),
});
export type MainPageContent = z.infer<typeof mainPageContentSchema>;

export const CONTENT_PAGE_KEYS = [
  'pricing',
  'products',
  'heart-and-metabolic-program',
  'programs',
  'heart-health',
  'understand-your-health',
  'advanced-cholesterol',
  'upload-results',
  'how-to-export',
] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

export const contentPageSchema = z.object({
  eyebrow: text(80).nullable(),
  title: text(200),
  lead: text(1000),
  highlights: z.array(text(160)).max(8),
  primaryCta: contentLinkSchema.nullable(),
  /** Shown instead of primaryCta to a signed-in visitor (a sign-up link is no use to them). */
  signedInCta: contentLinkSchema.nullable().optional(),
  secondaryCta: contentLinkSchema.nullable(),
  /** The offer this page sells, if any (product and program pages). */
  offerKey: safeString().max(100).nullable(),
  sections: z.array(pageSectionSchema).max(20),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

const answerIdSchema = safeString()
  .regex(/^[a-z0-9_-]+$/)
  .max(40);

/** A rule recommends an offer when every listed question's answer is one of the listed values. */
export const quizRuleSchema = z.object({
  when: z.record(answerIdSchema, z.array(answerIdSchema).min(1)),
  offerKey: safeString().max(100),
  reason: text(500),
});
export type QuizRule = z.infer<typeof quizRuleSchema>;

export const quizContentSchema = z.object({
  title: text(160),
  lead: text(600),
  questions: z
    .array(
      z.object({
        id: answerIdSchema,
        prompt: text(200),
        help: text(400).nullable(),
        options: z
          .array(z.object({ value: answerIdSchema, label: text(120) }))
          .min(2)
          .max(8),
      }),
    )
    .min(1)
    .max(12),
  /** The question whose answer is kept as user_sex in local storage. */
  sexQuestionId: answerIdSchema.nullable(),
  rules: z.array(quizRuleSchema).max(40),
  fallback: z.object({ offerKey: safeString().max(100), reason: text(500) }),
});
export type QuizContent = z.infer<typeof quizContentSchema>;

export const catalogContentSchema = z.object({
  mainPage: mainPageContentSchema,
  pages: z.object(
    Object.fromEntries(CONTENT_PAGE_KEYS.map((key) => [key, contentPageSchema])) as Record<
      ContentPageKey,
      typeof contentPageSchema
    >,
  ),
  quiz: quizContentSchema,
});
export type CatalogContent = z.infer<typeof catalogContentSchema>;
