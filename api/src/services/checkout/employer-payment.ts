// An employee asks their employer to pay: the order is written unpaid, the employer gets an
// email with a single-use link, and paying through that link moves the order to paid.
import type { EmployerPaymentView } from '@shop/shared/contract/checkout';
import type { employerFormBodySchema } from '@shop/shared/contract/user';
import type { employerPaymentBodySchema } from '@shop/shared/contract/checkout';
import type { z } from 'zod';
import type { OrderRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { createSecretToken } from '../../lib/tokens';
import { clearCart, getCart, type CartOwner } from '../../repositories/carts-repository';
import { findDiscount, usedByEmail } from '../../repositories/discounts-repository';
import { completeIdempotencyKey } from '../../repositories/idempotency-repository';
import {
  findEmployerRequestByToken,
  insertEmployerRequest,
} from '../../repositories/employer-requests-repository';
import {
  findOrder,
  insertOrder,
  nextPaymentAttempt,
  recordOrderIntent,
  reopenFailedOrder,
} from '../../repositories/orders-repository';
import type { MailQueue } from '../mail/mail-queue';
import { employeeOrderEmail, employerPaymentEmail } from '../mail/employer-payment-email';
import { keepIdempotencyKey, requestFingerprint, runIdempotent } from './idempotency';
import {
  loadOrderView,
  paymentBeingConfirmed,
  pricedOrderFields,
  UNPAID_ORDER_FIELDS,
  type CheckoutDeps,
} from './orders';
import { priceOrder } from './pricing';
import { declined, takePayment, type PaymentRequest } from './take-payment';
import type { Buyer } from './buyer';
import { discountAlreadyUsed } from './discount-redemption';
import { finalizeOrder } from './finalize-order';
import { NOT_COMPLETED_STATUS, orderNotCompleted } from './record-payment';

export type EmployerFormInput = z.output<typeof employerFormBodySchema>;
export type EmployerPaymentInput = z.output<typeof employerPaymentBodySchema>;

export const EMPLOYER_PAY_SCOPE = 'employer-payment';
/** The page the emailed link opens: the checkout area shows the order and a card form. */
export const employerPaymentLink = (publicOrigin: string, token: string) =>
  `${publicOrigin}/checkout?employerPay=${encodeURIComponent(token)}`;

export interface EmployerDeps extends CheckoutDeps {
  mailQueue: MailQueue;
  publicOrigin: string;
}

export async function submitEmployerRequest(
  deps: EmployerDeps,
  input: EmployerFormInput,
  context: { user: UserRow | null; buyer: Buyer; cartSessionId: string | null },
): Promise<{ requestId: string; orderId: string }> {
  const sessionId = input.sessionId ?? context.cartSessionId;
  const cartOwner: CartOwner | null = context.user
    ? { userId: context.user.id }
    : sessionId
      ? { sessionId }
      : null;
  const items = input.items ?? (cartOwner ? (await getCart(deps.db, cartOwner)).items : []);
  if (items.length === 0)
    throw badRequest('Your cart is empty: add a test before asking your employer to pay.', {
      items: 'The cart is empty',
    });
  const priced = await priceOrder(deps.db, deps.catalogPrices, {
    items,
    country: input.shippingAddress.country,
    shipUpfront: input.shipUpfront,
    discountCode: input.discountCode,
    email: input.email,
  });
  const payToken = createSecretToken();
  const { requestId, orderId } = await deps.db.transaction().execute(async (trx) => {
    const orderId = await insertOrder(trx, {
      kind: 'consumer',
      userId: context.user?.id ?? null,
      email: input.email,
      name: input.name,
      ...UNPAID_ORDER_FIELDS,
      ...pricedOrderFields(priced),
      bnpl: false,
      bnplConsentId: null,
      shipUpfront: input.shipUpfront,
      businessKey: null,
      marketingEnabled: false,
      sessionId: sessionId ?? null,
      shippingAddress: input.shippingAddress,
      idempotencyKey: null,
      buyerTokenHash: context.buyer.tokenHash,
    });
    const requestId = await insertEmployerRequest(trx, {
      email: input.email,
      name: input.name,
      employerEmail: input.employerEmail,
      orderId,
      payToken,
    });
    // The cart has become an order that waits for the employer.
    if (cartOwner) await clearCart(trx, cartOwner);
    await deps.mailQueue.enqueue(
      trx,
      employerPaymentEmail({
        to: input.employerEmail,
        employeeName: input.name,
        employeeEmail: input.email,
        total: priced.total,
        currency: priced.currency,
        lines: priced.lines,
        link: employerPaymentLink(deps.publicOrigin, payToken),
      }),
    );
    await deps.mailQueue.enqueue(
      trx,
      employeeOrderEmail('requested', {
        to: input.email,
        name: input.name,
        employerEmail: input.employerEmail,
        total: priced.total,
        currency: priced.currency,
      }),
    );
    return { requestId, orderId };
  });
  deps.mailQueue.wake();
  return { requestId, orderId };
}

async function requestForToken(deps: CheckoutDeps, token: string) {
  const request = await findEmployerRequestByToken(deps.db, token);
  if (!request) throw notFound('This payment link is not valid.');
  return request;
}

export async function employerPaymentView(
  deps: CheckoutDeps,
  token: string,
): Promise<EmployerPaymentView> {
  const request = await requestForToken(deps, token);
  return {
    requestId: request.id,
    employeeName: request.name,
    employeeEmail: request.email,
    status: request.status,
    order: await loadOrderView(deps, request.orderId),
  };
}

/** Nobody's cookie: the employer proves who they are with the emailed link's secret alone, and pays by card. */
const EMPLOYER_BUYER: Buyer = { userId: null, tokenHash: null };

const paymentUnderWay = () =>
  new AppError(409, 'CONFLICT', 'This order is being paid in another window.');

/**
 * The intent an employer's attempt confirms: the order's own while it can still take a card (a
 * declined one can); once it was cancelled (an abandoned bank step released by reconciliation,
 * or by the provider) a new one under a key of this attempt, which replaces it on the order.
 */
async function attemptIntent(
  deps: CheckoutDeps,
  row: OrderRow,
  attempt: number,
): Promise<{ intent?: PaymentRequest['intent']; replaces: string | null }> {
  if (!row.payment_charge_id) return { replaces: null };
  const current = await deps.provider.getCharge(row.payment_charge_id);
  if (current && current.status !== 'canceled') return { intent: { current }, replaces: null };
  return { intent: { key: `order:${row.id}:intent:${attempt}` }, replaces: row.payment_charge_id };
}

/** The employer pays by card; the idempotency key makes a double click one charge. */
// eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export async function payEmployerRequest(
  deps: EmployerDeps,
  token: string,
  input: EmployerPaymentInput,
  idempotencyKey: string,
): Promise<EmployerPaymentView> {
  const request = await requestForToken(deps, token);
  const outcome = await runIdempotent(
    deps.db,
    {
      scope: EMPLOYER_PAY_SCOPE,
      key: idempotencyKey,
      fingerprint: requestFingerprint({ token, ...input }),
    },
    async () => {
      const { orderId } = request;
      const stored = await findOrder(deps.db, orderId);
      if (!stored) throw notFound('Order not found');
      const { row } = stored;
      // A declined try leaves the order failed and payable again with another card.
      if (row.status !== 'pending' && !(row.status === 'failed' && row.refunded_cents === 0))
        throw new AppError(
          409,
          'CONFLICT',
          row.status === 'requires_action'
            ? 'This payment waits for the bank to confirm it.'
            : 'This order has been paid already.',
        );
      const discountRow = row.discount_code ? await findDiscount(deps.db, row.discount_code) : null;
      // The employee may have used the order's one-use code on another order since asking.
      if (await usedByEmail(deps.db, discountRow, row.email)) throw discountAlreadyUsed();
      const attempt = await nextPaymentAttempt(deps.db, orderId);
      const { intent, replaces } = await attemptIntent(deps, row, attempt);
      const charge = await takePayment(deps.db, deps.provider, {
        user: null,
        buyer: EMPLOYER_BUYER,
        email: request.employerEmail,
        name: request.employerEmail,
        amount: row.total_cents,
        currency: row.currency,
        method: input.paymentMethod,
        description: `Employer payment for ${request.email}`,
        metadata: { orderId },
        recordKey: `order:${orderId}`,
        attempt,
        returnUrl: employerPaymentLink(deps.publicOrigin, token),
        keepCard: false,
        intent,
        recordIntent: async (intentId) => {
          const recorded = await deps.db.transaction().execute(async (trx) => {
            const intentRef = { id: intentId, attempt, replaces };
            if (!(await recordOrderIntent(trx, orderId, intentRef, new Date()))) return false;
            // Confirmed again after a decline or a cancelled intent: unsettled until the provider answers.
            await reopenFailedOrder(trx, orderId);
            return true;
          });
          // Another try replaced the cancelled intent first; this one's new intent is never confirmed.
          if (!recorded) throw paymentUnderWay();
        },
      });
      let finalized;
      try {
        finalized = await finalizeOrder(deps, orderId, charge);
      } catch (error) {
        deps.log?.error({ err: error, orderId }, 'employer payment not recorded yet');
        throw keepIdempotencyKey(paymentBeingConfirmed());
      }
      if (finalized.refusal) {
        await completeIdempotencyKey(
          deps.db,
          EMPLOYER_PAY_SCOPE,
          idempotencyKey,
          orderId,
          NOT_COMPLETED_STATUS,
        );
        throw keepIdempotencyKey(finalized.refusal);
      }
      if (charge.status === 'failed' || charge.status === 'canceled')
        throw declined(charge.failureMessage);
      // Paid, or waiting for the bank (the view carries the next step) or for pay-later to settle.
      await completeIdempotencyKey(deps.db, EMPLOYER_PAY_SCOPE, idempotencyKey, orderId, 200);
      return { orderId, statusCode: 200 };
    },
  );
  if (outcome.statusCode === NOT_COMPLETED_STATUS) throw orderNotCompleted();
  deps.mailQueue.wake();
  return employerPaymentView(deps, token);
}

/**
 * After the employer finished the bank's step in the browser: the provider's state of the order's
 * intent decides, through finalizeOrder.
 */
export async function confirmEmployerPayment(
  deps: EmployerDeps,
  token: string,
): Promise<EmployerPaymentView> {
  const request = await requestForToken(deps, token);
  const stored = await findOrder(deps.db, request.orderId);
  const row = stored?.row;
  if (row?.payment_charge_id && (row.status === 'requires_action' || row.status === 'pending')) {
    const charge = await deps.provider.getCharge(row.payment_charge_id);
    if (charge) await finalizeOrder(deps, row.id, charge);
  }
  return employerPaymentView(deps, token);
}
