// Business checkout for partner storefronts. The order is written at once as
// `pending`; the payment runs after the response, and the storefront polls the status until it
// is final: pending -> paid | failed, and paid -> fulfilled when the kits ship.
import type { BusinessCheckoutStatus, Order } from '@shop/shared/contract/checkout';
import { businessCheckoutBodySchema, isFinalBusinessStatus } from '@shop/shared/contract/checkout';
import { PRICE_KEEPING_PARTNER_KEY } from '@shop/shared/contract/customization';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DiscountRow, OrderRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { usedByEmail } from '../../repositories/discounts-repository';
import { completeIdempotencyKey } from '../../repositories/idempotency-repository';
import {
  findOrder,
  insertOrder,
  recordOrderIntent,
  updateOrderStatus,
} from '../../repositories/orders-repository';
import type { CustomizationService } from '../partners/customization-service';
import { requestFingerprint, runIdempotent } from './idempotency';
import { renewalConsentFor } from '../subscriptions/renewal-consent';
import {
  checkoutClock,
  loadOrderView,
  orderReturnUrl,
  pricedOrderFields,
  toOrderView,
  UNPAID_ORDER_FIELDS,
  type CheckoutDeps,
} from './orders';
import { owns, type Buyer } from './buyer';
import { discountAlreadyUsed } from './discount-redemption';
import { finalizeOrder } from './finalize-order';
import { withPartnerTitles } from './partner-titles';
import { priceOrder } from './pricing';
import {
  declinedMessage,
  FIRST_ATTEMPT,
  takePayment,
  usableBnplConsent,
  type PaymentMethodChoice,
} from './take-payment';

export type BusinessCheckoutInput = z.output<typeof businessCheckoutBodySchema>;

export const BUSINESS_SCOPE = 'business-checkout';

export interface BusinessCheckoutDeps extends CheckoutDeps {
  customizations: CustomizationService;
  log: FastifyBaseLogger;
}

export interface BusinessCheckoutProcessor {
  /** The order as accepted (pending), before its payment has run; a replay gets its current state. */
  start(
    input: BusinessCheckoutInput,
    user: UserRow | null,
    buyer: Buyer,
    idempotencyKey: string | null,
  ): Promise<{ order: Order; replayed: boolean }>;
  /** The checkout's state for the buyer who started it; anyone else gets 404. */
  status(orderId: string, buyer: Buyer): Promise<BusinessCheckoutStatus>;
  /** The operator's (or warehouse's) signal that a paid order's kits have shipped. */
  fulfil(orderId: string): Promise<BusinessCheckoutStatus>;
  /** The whole order, for the buyer who started it. */
  details(orderId: string, buyer: Buyer): Promise<Order>;
  /** Resolves when every payment started so far has finished (shutdown and tests). */
  drain(): Promise<void>;
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createBusinessCheckoutProcessor(
  deps: BusinessCheckoutDeps,
): BusinessCheckoutProcessor {
  const { db, provider, customizations, log } = deps;
  const inFlight = new Set<Promise<void>>();

  async function allowedLookupKeys(businessKey: string): Promise<Set<string> | null> {
    const customization = await customizations.get(businessKey);
    if (!customization) throw notFound('This partner shop does not exist');
    const products = customization.products ?? [];
    if (products.length === 0) return null;
    if (businessKey !== PRICE_KEEPING_PARTNER_KEY)
      return new Set(products.map((product) => product.price));
    // This partner's list picks products but keeps their default prices, which is what its
    // storefront puts in the cart; a price named in the list is never charged.
    const rows = await db
      .selectFrom('products')
      .select('price_lookup_key')
      .where(
        'key',
        'in',
        products.map((product) => product.key),
      )
      .execute();
    return new Set(rows.map((row) => row.price_lookup_key));
  }

  function settle(
    orderId: string,
    input: BusinessCheckoutInput,
    user: UserRow | null,
    buyer: Buyer,
    total: number,
    discountRow: DiscountRow | null,
    method: PaymentMethodChoice,
    recurring: boolean,
  ) {
    const job = (async () => {
      let charge;
      try {
        // Another order may have used this one-use code since this one was priced: refuse it uncharged.
        if (await usedByEmail(db, discountRow, input.email)) throw discountAlreadyUsed();
        charge = await takePayment(db, provider, {
          user,
          buyer,
          email: input.email,
          name: input.name,
          amount: total,
          currency: 'usd',
          method,
          description: `${input.businessKey} order for ${input.email}`,
          metadata: { orderId },
          recordKey: `order:${orderId}`,
          attempt: FIRST_ATTEMPT,
          returnUrl: orderReturnUrl(deps, orderId),
          keepCard: false,
          recurring,
          recordIntent: (intentId) =>
            recordOrderIntent(db, orderId, { id: intentId, attempt: FIRST_ATTEMPT }, new Date()),
        });
      } catch (error) {
        const message = declinedMessage(error);
        if (!message) log.error({ err: error, orderId }, 'business checkout payment failed');
        const stored = await findOrder(db, orderId);
        // With an intent whose outcome is unknown, reconciliation asks the provider later.
        if (!message && stored?.row.payment_charge_id) return;
        await updateOrderStatus(db, orderId, ['pending'], {
          status: 'failed',
          failureMessage: message ?? 'The payment could not be completed.',
        });
        return;
      }
      // A bank check or pay-later approval keeps the order pending: the webhook settles it.
      await finalizeOrder(deps, orderId, charge).catch((error: unknown) => {
        log.error({ err: error, orderId }, 'business order payment not recorded yet');
      });
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  async function ownedBusinessOrder(orderId: string, buyer: Buyer | null) {
    const stored = await findOrder(db, orderId);
    // Operators (buyer null) may see any; a shopper only the checkout they started.
    if (!stored || stored.row.kind !== 'business' || (buyer && !owns(buyer, stored.row)))
      throw notFound('Checkout not found');
    return stored;
  }

  async function status(orderId: string, buyer: Buyer | null): Promise<BusinessCheckoutStatus> {
    const { row } = await ownedBusinessOrder(orderId, buyer);
    // While the bank asks the shopper, the storefront finishes it and POSTs orderConfirm.
    const charge =
      row.status === 'requires_action' && row.payment_charge_id
        ? await provider.getCharge(row.payment_charge_id)
        : null;
    const nextAction = charge?.nextAction
      ? { type: 'provider_action' as const, ...charge.nextAction }
      : null;
    return { ...businessStatus(row), nextAction };
  }

  return {
    // eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
    async start(input, user, buyer, idempotencyKey) {
      if (input.bnpl !== (input.paymentMethod.type === 'bnpl')) {
        throw new AppError(400, 'VALIDATION_ERROR', 'bnpl must be true exactly when paying later', {
          bnpl: 'Does not match the payment method',
        });
      }
      const allowed = await allowedLookupKeys(input.businessKey);
      const outside = allowed ? input.products.filter((item) => !allowed.has(item.lookupKey)) : [];
      if (outside.length > 0) {
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          `This shop does not sell ${outside.map((item) => item.lookupKey).join(', ')}`,
          { products: 'Not sold in this shop' },
        );
      }
      const key = idempotencyKey ?? `auto:${crypto.randomUUID()}`;
      const fingerprint = requestFingerprint({ ...input, userId: user?.id ?? null });
      let accepted: Order | null = null;
      const outcome = await runIdempotent(
        db,
        { scope: BUSINESS_SCOPE, key, fingerprint },
        async () => {
          // The order keeps the partner's titles, so its details and e-mails name what the shopper bought.
          const priced = await withPartnerTitles(
            customizations,
            input.businessKey,
            await priceOrder(db, deps.catalogPrices, {
              items: input.products,
              country: input.shipping.country,
              shipUpfront: input.shipUpfront,
              discountCode: input.discount,
              email: input.email,
              businessKey: input.businessKey,
            }),
          );
          if (input.shippingCost !== undefined && input.shippingCost !== priced.shipping) {
            log.warn(
              {
                sent: input.shippingCost,
                computed: priced.shipping,
                businessKey: input.businessKey,
              },
              'client shipping cost ignored',
            );
          }
          if (input.paymentMethod.type === 'bnpl')
            await usableBnplConsent(db, input.paymentMethod.consentId, input.email, buyer);
          const method = input.paymentMethod;
          const renewalConsent = renewalConsentFor(priced, input.subscriptionConsent, {
            userId: user?.id ?? null,
            email: input.email,
            now: checkoutClock(deps).now(),
            shopUrl: deps.publicOrigin,
          });
          const orderId = await db.transaction().execute(async (trx) => {
            const id = await insertOrder(trx, {
              kind: 'business',
              userId: user?.id ?? null,
              email: input.email,
              name: input.name,
              ...UNPAID_ORDER_FIELDS,
              ...pricedOrderFields(priced),
              bnpl: input.bnpl,
              bnplConsentId:
                input.paymentMethod.type === 'bnpl' ? input.paymentMethod.consentId : null,
              shipUpfront: input.shipUpfront,
              businessKey: input.businessKey,
              marketingEnabled: input.marketingEnabled,
              sessionId: input.sessionId,
              shippingAddress: input.shipping,
              idempotencyKey: key,
              buyerTokenHash: buyer.tokenHash,
              renewalConsent,
            });
            await completeIdempotencyKey(trx, BUSINESS_SCOPE, key, id, 201);
            return id;
          });
          accepted = await loadOrderView(deps, orderId);
          settle(
            orderId,
            input,
            user,
            buyer,
            priced.total,
            priced.discountRow,
            method,
            priced.lines.some((line) => line.interval !== null),
          );
          return { orderId, statusCode: 201 };
        },
      );
      if (accepted) return { order: accepted, replayed: false };
      await ownedBusinessOrder(outcome.orderId, buyer);
      return { order: await loadOrderView(deps, outcome.orderId), replayed: true };
    },

    status,

    async details(orderId, buyer) {
      return toOrderView(provider, await ownedBusinessOrder(orderId, buyer));
    },

    async fulfil(orderId) {
      const current = await status(orderId, null);
      if (
        current.status !== 'fulfilled' &&
        !(await updateOrderStatus(db, orderId, ['paid'], { status: 'fulfilled' }))
      ) {
        throw new AppError(
          409,
          'CONFLICT',
          `Only a paid order can be fulfilled; this one is ${current.status}`,
        );
      }
      return status(orderId, null);
    },

    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export function businessStatus(row: {
  id: string;
  status: OrderRow['status'];
  failure_message: string | null;
}): BusinessCheckoutStatus {
  const state = row.status === 'requires_action' ? 'pending' : row.status;
  return {
    id: row.id,
    status: state,
    final: isFinalBusinessStatus(state),
    failureMessage: row.failure_message,
    nextAction: null,
  };
}
