// The merchant's catalogue file (`shop catalog import <file>`, docs/catalog-import.md): products,
// their prices (partner prices among them) and shipping rates. Checked whole before anything is
// written, and every problem is named by its path in the file, so a merchant fixes them all at once.
import { CURRENCIES, MAX_CENTS, SHIPPING_COUNTRIES } from '@shop/shared/contract/common';
import { z } from 'zod';

const CENTS_MESSAGE = 'must be a whole number of cents';
const KEY_PATTERN = /^[a-z0-9_-]+$/;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const stableKey = z
  .string()
  .max(100, 'must be at most 100 characters')
  .regex(KEY_PATTERN, 'must use only lower-case letters, digits, - and _');
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
const cents = z
  .number({ error: CENTS_MESSAGE })
  .int(CENTS_MESSAGE)
  .min(0, 'must not be negative')
  .max(MAX_CENTS, `must be at most ${MAX_CENTS} cents`);
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const catalogPriceSchema = z.strictObject({
  lookupKey: stableKey,
  amount: cents,
  currency: oneOf(CURRENCIES).default('usd'),
  /** Absent or null: a one-time price. */
  recurring: z
    .strictObject({
      interval: oneOf(['day', 'week', 'month', 'year']),
      intervalCount: wholeNumber(1, 1000),
    })
    .nullable()
    .default(null),
  /** The partner shop key this price is reserved for (its storefront may list it). */
  partner: stableKey.optional(),
  metadata: z.record(z.string().max(40), z.string().max(500)).default({}),
});

const catalogProductSchema = z.strictObject({
  key: stableKey,
  type: oneOf(['kit', 'subscription', 'program', 'add-on']),
  kitType: text(50),
  title: text(200),
  quantity: wholeNumber(1, 100),
  description: z.string().max(2000).default(''),
  biomarkers: z.array(text(200)).max(200).default([]),
  badge: text(50).nullable().default(null),
  sortOrder: wholeNumber(-1_000_000, 1_000_000).default(0),
  prices: z.array(catalogPriceSchema).min(1, 'needs at least one price'),
});

const shippingRateSchema = z
  .strictObject({
    country: oneOf(SHIPPING_COUNTRIES),
    currency: oneOf(CURRENCIES).default('usd'),
    amount: cents,
    additionalKit: cents,
    consolidated: cents,
    minBusinessDays: wholeNumber(0, 365),
    maxBusinessDays: wholeNumber(0, 365),
  })
  .refine((rate) => rate.minBusinessDays <= rate.maxBusinessDays, {
    message: 'must not be below minBusinessDays',
    path: ['maxBusinessDays'],
  });

const catalogFileShape = z.strictObject({
  products: z.array(catalogProductSchema),
  shippingRates: z.array(shippingRateSchema),
});
const catalogFileSchema = catalogFileShape.superRefine(checkKeysAndOwnPrices);

export type CatalogFile = z.output<typeof catalogFileShape>;
export type CatalogProduct = CatalogFile['products'][number];
export type CatalogPrice = CatalogProduct['prices'][number];

/** Keys are unique across the file, and each product has one price of its own to be sold at. */
function checkKeysAndOwnPrices(file: CatalogFile, ctx: z.RefinementCtx) {
  const seenProducts = new Set<string>();
  const seenPrices = new Set<string>();
  file.products.forEach((product, p) => {
    if (seenProducts.has(product.key))
      ctx.addIssue({ code: 'custom', path: ['products', p, 'key'], message: 'is used twice' });
    seenProducts.add(product.key);
    product.prices.forEach((price, i) => {
      if (seenPrices.has(price.lookupKey))
        ctx.addIssue({
          code: 'custom',
          path: ['products', p, 'prices', i, 'lookupKey'],
          message: 'is used twice',
        });
      seenPrices.add(price.lookupKey);
    });
    const own = product.prices.filter((price) => !price.partner);
    if (own.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['products', p, 'prices'],
        message: `needs exactly one price without a partner (the price the shop sells it at); found ${own.length}`,
      });
    else if (product.type === 'subscription' && !own[0]!.recurring)
      ctx.addIssue({
        code: 'custom',
        path: ['products', p, 'prices', product.prices.indexOf(own[0]!), 'recurring'],
        message: 'a subscription is sold at a recurring price',
      });
  });
  const seenRates = new Set<string>();
  file.shippingRates.forEach((rate, r) => {
    const key = `${rate.country} ${rate.currency}`;
    if (seenRates.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['shippingRates', r],
        message: `a second rate for ${key}`,
      });
    seenRates.add(key);
  });
}

/** The lookup key a product is sold at: its one price without a partner. */
export function ownPrice(product: CatalogProduct): CatalogPrice {
  return product.prices.find((price) => !price.partner)!;
}

/** `products[2].prices[0].amount`: the path as the merchant reads it in the file. */
export function filePath(path: readonly PropertyKey[]): string {
  const joined = path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
  return joined || '(file)';
}

function issueLines(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => `${filePath([...issue.path, key])}: is not a known field`);
  const message =
    issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return [`${filePath(issue.path)}: ${message}`];
}

export type CatalogFileCheck =
  { ok: true; catalog: CatalogFile } | { ok: false; problems: string[] };

/** The parsed file, or one line per problem (`path: what is wrong`). */
export function checkCatalogFile(document: unknown): CatalogFileCheck {
  const result = catalogFileSchema.safeParse(document, { reportInput: true });
  if (result.success) return { ok: true, catalog: result.data };
  return { ok: false, problems: result.error.issues.flatMap(issueLines) };
}
