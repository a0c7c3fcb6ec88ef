// What a verified provider event does to our records. Each event id is recorded in the same
// transaction that applies it: a repeat finds its id and changes nothing. Events may arrive in any
// order; finalizeOrder never moves a paid order back, and refunded totals only grow.
import type { Executor } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findOrderIdByIntent,
  flagOrderDisputed,
  recordOrderRefunded,
} from '../../repositories/orders-repository';
import { paymentEventSeen, recordPaymentEvent } from '../../repositories/payment-events-repository';
import { applyCharge, finalizeOrder, type FinalizeDeps } from '../checkout/finalize-order';
import {
  applyBilledEvent,
  prepareBilledEvent,
  type BilledEvent,
  type BilledEventDeps,
} from '../subscriptions/billed-subscription-events';
import { settleUpgradeIntent } from '../upgrades/purchase-upgrade';
import type { ProviderCharge, ProviderEvent } from './payment-provider';

const PROVIDER_ACTOR = { userId: null, name: 'payment provider', via: 'provider' } as const;

export interface PaymentEventDeps extends FinalizeDeps {
  /** Where the provider's billing events (Stripe Billing) write our subscription records. */
  billedEvents?: Pick<BilledEventDeps, 'billing' | 'clock' | 'publicOrigin'>;
}

function billedDeps(deps: PaymentEventDeps): BilledEventDeps | null {
  if (!deps.billedEvents) return null;
  return {
    ...deps.billedEvents,
    db: deps.db,
    provider: deps.provider,
    mail: deps.mailQueue,
    log: deps.log,
  };
}

function isBilledEvent(event: ProviderEvent): event is ProviderEvent & BilledEvent {
  return (
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_failed' ||
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  );
}

/** The order an intent paid for: named in its metadata and recorded on the order. */
async function orderOfIntent(trx: Executor, charge: ProviderCharge): Promise<string | null> {
  return findOrderIdByIntent(trx, charge.id);
}

async function apply(
  trx: Executor,
  deps: PaymentEventDeps,
  event: ProviderEvent,
): Promise<{ mailed: boolean; started?: boolean }> {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const billed = billedDeps(deps);
      if (billed) return applyBilledEvent(trx, billed, event);
      deps.log?.warn({ type: event.type }, 'billing event with no subscription billing configured');
      return { mailed: false };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.processing':
    case 'payment_intent.requires_action': {
      const orderId = await orderOfIntent(trx, event.charge);
      // An upgrade's intent (or one of no record of ours) does not move an order.
      if (!orderId) return { mailed: false };
      const { mailed, started } = await applyCharge(trx, deps, orderId, event.charge);
      return { mailed, started };
    }
    case 'charge.refunded': {
      const orderId = await orderOfIntent(trx, event.charge);
      if (orderId) await recordOrderRefunded(trx, orderId, event.charge.amountRefunded);
      return { mailed: false };
    }
    case 'charge.dispute.created': {
      const orderId = await findOrderIdByIntent(trx, event.chargeId);
      if (orderId && (await flagOrderDisputed(trx, orderId, new Date())))
        await recordAudit(trx, {
          actor: PROVIDER_ACTOR,
          action: 'order.dispute',
          target: orderId,
          before: null,
          after: { disputeId: event.disputeId, amount: event.amount, reason: event.reason },
        });
      return { mailed: false };
    }
    default:
      // setup_intent.succeeded (saved cards are read from the provider) and any other type:
      // recorded, nothing else changes.
      return { mailed: false };
  }
}

/**
 * Applies a verified event once. Returns false for a repeat. A succeeded payment whose order can
 * no longer be completed is refunded through finalizeOrder, then the event is recorded.
 */
export async function handlePaymentEvent(
  deps: PaymentEventDeps,
  received: ProviderEvent,
): Promise<boolean> {
  const billed = billedDeps(deps);
  if (billed && isBilledEvent(received) && (await paymentEventSeen(deps.db, received.id)))
    return false;
  const event =
    billed && isBilledEvent(received) ? await prepareBilledEvent(billed, received) : received;
  const record = { id: event.id, type: event.type === 'ignored' ? event.providerType : event.type };
  // An upgrade's succeeded intent completes its upgrade first (idempotent: only a pending upgrade
  // whose current intent this is moves); its event is recorded after, so a failure is retried.
  const upgradeId =
    event.type === 'payment_intent.succeeded' ? event.charge.metadata.upgradeId : undefined;
  if (upgradeId && event.type === 'payment_intent.succeeded')
    await settleUpgradeIntent(deps, upgradeId, event.charge);
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      if (!(await recordPaymentEvent(trx, record))) return null;
      return apply(trx, deps, event);
    });
    if (outcome?.mailed) deps.mailQueue?.wake();
    if (outcome?.started) deps.subscriptions.wake();
    return outcome !== null;
  } catch (error) {
    if (!(error instanceof AppError) || event.type !== 'payment_intent.succeeded') throw error;
    const orderId = await orderOfIntent(deps.db, event.charge);
    if (orderId) await finalizeOrder(deps, orderId, event.charge);
    return recordPaymentEvent(deps.db, record);
  }
}
