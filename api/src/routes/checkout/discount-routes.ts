import {
  discountLookupQuerySchema,
  discountLookupResponseSchema,
  discountParamsSchema,
  discountValidityQuerySchema,
  discountValidityResponseSchema,
  storefrontDiscountQuerySchema,
  type DiscountInvalidReason,
} from '@shop/shared/contract/discounts';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/schema';
import { findDiscount, toDiscountView, usedByEmail } from '../../repositories/discounts-repository';
import { checkDiscount, discountOff } from '../../services/checkout/pricing';
import { centsFromDb } from '../../lib/money';

/**
 * A code's public view, or null when it is unknown, inactive, scoped to another partner shop, or,
 * for an email, not open to it (not on the code's list, or a one-use code it has used). Without
 * an email the view says whether such a restriction exists.
 */
async function lookUpDiscount(
  db: Executor,
  code: string,
  businessKey: string | undefined,
  email: string | undefined,
) {
  const row = await findDiscount(db, code);
  if (!row || !row.active) return null;
  if (row.business_key && row.business_key !== (businessKey ?? null)) return null;
  if (email) {
    const check = checkDiscount(row, {
      email,
      businessKey,
      lookupKeys: [],
      subtotal: 0,
      usedByEmail: await usedByEmail(db, row, email),
    });
    if (!check.ok && EMAIL_REASONS.has(check.reason)) return null;
  }
  return toDiscountView(row);
}

/** The refusals that depend on who asks; the others (dates, cart) stay for the validity check. */
const EMAIL_REASONS = new Set<DiscountInvalidReason>(['not_for_email', 'already_used']);

/**
 * Discount lookup and validation (payments client), plus the storefront's lookup on the content
 * client. The order route applies the same rules again.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    API_PATHS.discount,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Look up a discount code',
        operationId: 'getDiscount',
        description:
          'The discount, or null when the code does not exist, is inactive, or belongs to another partner shop.',
        params: discountParamsSchema,
        querystring: discountLookupQuerySchema,
        response: { 200: discountLookupResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      lookUpDiscount(db, request.params.code, request.query.businessKey, request.query.email),
  );

  app.get(
    API_PATHS.storefrontDiscount,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Look up a discount code for a partner storefront',
        operationId: 'getStorefrontDiscount',
        description:
          "A partner storefront's lookup: the same answer as the payments lookup with businessKey = b2bKey.",
        params: discountParamsSchema,
        querystring: storefrontDiscountQuerySchema,
        response: { 200: discountLookupResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      lookUpDiscount(db, request.params.code, request.query.b2bKey, request.query.email),
  );

  app.get(
    API_PATHS.discountIsValid,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Check a discount code against a cart',
        operationId: 'checkDiscount',
        description:
          'Checks a code against a cart: sum is the subtotal in cents, priceIds the price ids or lookup keys in the cart.',
        params: discountParamsSchema,
        querystring: discountValidityQuerySchema,
        response: { 200: discountValidityResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { email, sum, priceIds, businessKey } = request.query;
      const prices =
        priceIds.length === 0
          ? []
          : await db
              .selectFrom('prices')
              .select(['id', 'lookup_key', 'unit_amount_cents'])
              .where((eb) => eb.or([eb('id', 'in', priceIds), eb('lookup_key', 'in', priceIds)]))
              .execute();
      const row = await findDiscount(db, request.params.code);
      const check = checkDiscount(row, {
        email,
        businessKey,
        lookupKeys: prices.map((price) => price.lookup_key),
        subtotal: sum,
        usedByEmail: await usedByEmail(db, row, email),
      });
      if (!check.ok || !row) {
        const failed = check.ok
          ? { reason: 'not_found' as const, message: 'We could not find this discount code.' }
          : check;
        return { valid: false, reason: failed.reason, message: failed.message, discountAmount: 0 };
      }
      // A product-limited code applies to those products' prices only (the quote has the exact lines).
      const base = check.eligibleLookupKeys
        ? Math.min(
            sum,
            prices
              .filter((price) => check.eligibleLookupKeys!.includes(price.lookup_key))
              .reduce((total, price) => total + centsFromDb(price.unit_amount_cents), 0),
          )
        : sum;
      return { valid: true, reason: null, message: null, discountAmount: discountOff(row, base) };
    },
  );
};
