// What a verified provider event does to our records. Each event id is recorded in the same
// transaction that applies it: a repeat finds its id and changes nothing. Events may arrive in any
// order; finalizeOrder never moves a paid order back, and refunded totals only grow.
import type { Executor, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findOrderIdByIntent,
  flagOrderDisputed,
  lockOrdersOfIntents,
  recordOrderRefunded,
} from '../../repositories/orders-repository';
import {
  paymentEventSeen,
  recordPaymentEvent,
  recordPaymentEvents,
} from '../../repositories/payment-events-repository';
import { applyCharge, finalizeOrder, type FinalizeDeps } from '../checkout/finalize-order';
import {
  applyBilledEvent,
  prepareBilledEvent,
  type BilledEvent,
  type BilledEventDeps,
} from '../subscriptions/billed-subscription-events';
import { settleUpgradeIntent } from '../upgrades/purchase-upgrade';
import { WebhookSignatureError, type ProviderEvent } from './payment-provider';

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

/** The order an intent paid for (named in its metadata and recorded on the order). */
interface IntentOrders {
  /** The order, with its current row when this transaction already holds its lock. */
  find(intentId: string): Promise<{ id: string; locked?: OrderRow } | null>;
  /** The order's row as this transaction left it, or null after a change made elsewhere. */
  changed(intentId: string, row: OrderRow | null): void;
}

/** Looks each order up as it is needed (one event per transaction). */
const ordersLookedUp = (trx: Executor): IntentOrders => ({
  find: async (intentId) => {
    const id = await findOrderIdByIntent(trx, intentId);
    return id ? { id } : null;
  },
  changed: () => undefined,
});

/** Orders a batch's transaction locked up front, kept current as its events change them. */
function ordersLocked(rows: readonly OrderRow[]): IntentOrders {
  const byIntent = new Map<string, { id: string; locked?: OrderRow }>();
  for (const row of rows)
    if (row.payment_charge_id) byIntent.set(row.payment_charge_id, { id: row.id, locked: row });
  return {
    find: async (intentId) => byIntent.get(intentId) ?? null,
    changed(intentId, row) {
      const entry = byIntent.get(intentId);
      if (entry) entry.locked = row ?? undefined;
    },
  };
}

/** The intent an event is about, when it is one that may move an order. */
function intentOf(event: ProviderEvent): string | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.processing':
    case 'payment_intent.requires_action':
    case 'charge.refunded':
      return event.charge.id;
    case 'charge.dispute.created':
      return event.chargeId;
    default:
      return null;
  }
}

const recordOf = (event: ProviderEvent | (BilledEvent & { id: string })) => ({
  id: event.id,
  type: event.type === 'ignored' ? event.providerType : event.type,
});

async function apply(
  trx: Executor,
  deps: PaymentEventDeps,
  event: ProviderEvent,
  orders: IntentOrders,
): Promise<{ mailed: boolean; started?: boolean; receipt?: boolean }> {
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
      const order = await orders.find(event.charge.id);
      // An upgrade's intent (or one of no record of ours) does not move an order.
      if (!order) return { mailed: false };
      const { row, mailed, started, receipt } = await applyCharge(
        trx,
        deps,
        order.id,
        event.charge,
        order.locked,
      );
      orders.changed(event.charge.id, row);
      return { mailed, started, receipt };
    }
    case 'charge.refunded': {
      const order = await orders.find(event.charge.id);
      if (order) await recordOrderRefunded(trx, order.id, event.charge.amountRefunded);
      orders.changed(event.charge.id, null);
      return { mailed: false };
    }
    case 'charge.dispute.created': {
      const order = await orders.find(event.chargeId);
      if (order && (await flagOrderDisputed(trx, order.id, new Date())))
        await recordAudit(trx, {
          actor: PROVIDER_ACTOR,
          action: 'order.dispute',
          target: order.id,
          before: null,
          after: { disputeId: event.disputeId, amount: event.amount, reason: event.reason },
        });
      orders.changed(event.chargeId, null);
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
  const record = recordOf(event);
  // An upgrade's succeeded intent completes its upgrade first (idempotent: only a pending upgrade
  // whose current intent this is moves); its event is recorded after, so a failure is retried.
  const upgradeId =
    event.type === 'payment_intent.succeeded' ? event.charge.metadata.upgradeId : undefined;
  if (upgradeId && event.type === 'payment_intent.succeeded')
    await settleUpgradeIntent(deps, upgradeId, event.charge);
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      if (!(await recordPaymentEvent(trx, record))) return null;
      return apply(trx, deps, event, ordersLookedUp(trx));
    });
    if (outcome?.mailed) deps.mailQueue?.wake();
    if (outcome?.started) deps.subscriptions.wake();
    if (outcome?.receipt) deps.jobs?.wake();
    return outcome !== null;
  } catch (error) {
    if (!(error instanceof AppError) || event.type !== 'payment_intent.succeeded') throw error;
    const orderId = await findOrderIdByIntent(deps.db, event.charge.id);
    if (orderId) await finalizeOrder(deps, orderId, event.charge);
    return recordPaymentEvent(deps.db, record);
  }
}

/** Billing events ask the provider first, and an upgrade's intent completes its upgrade first. */
const appliedAlone = (event: ProviderEvent) =>
  isBilledEvent(event) ||
  (event.type === 'payment_intent.succeeded' && event.charge.metadata.upgradeId !== undefined);

/**
 * Applies a batch of verified events in one transaction: their ids recorded in one statement and
 * the orders they name locked in one, so a batch of orders already paid costs two statements.
 */
async function applyTogether(deps: PaymentEventDeps, events: readonly ProviderEvent[]) {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const fresh = await recordPaymentEvents(trx, events.map(recordOf));
    const applying = events.filter((event) => fresh.delete(event.id));
    const intents = new Set(applying.map(intentOf).filter((id) => id !== null));
    const orders = ordersLocked(await lockOrdersOfIntents(trx, [...intents]));
    let mailed = false;
    let started = false;
    let receipt = false;
    for (const event of applying) {
      const applied = await apply(trx, deps, event, orders);
      mailed ||= applied.mailed;
      started ||= applied.started ?? false;
      receipt ||= applied.receipt ?? false;
    }
    return { mailed, started, receipt };
  });
  if (outcome.mailed) deps.mailQueue?.wake();
  if (outcome.started) deps.subscriptions.wake();
  if (outcome.receipt) deps.jobs?.wake();
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Applies verified events as handlePaymentEvent does each, most of them together. When the batch
 * fails (an order that can no longer be completed, a conflict), nothing of it stays and every
 * event is applied alone. Resolves, in order, with null for each event applied (or a repeat) and
 * why for each one that was not.
 */
export async function handlePaymentEvents(
  deps: PaymentEventDeps,
  events: readonly ProviderEvent[],
): Promise<Array<string | null>> {
  const alone = (event: ProviderEvent) =>
    handlePaymentEvent(deps, event).then(
      () => null,
      (error: unknown) => problemOf(error),
    );
  const problems = new Map<ProviderEvent, string | null>();
  const together = events.filter((event) => !appliedAlone(event));
  if (together.length > 0) {
    try {
      await applyTogether(deps, together);
      for (const event of together) problems.set(event, null);
    } catch (error) {
      deps.log?.warn({ err: error }, 'payment events applied one by one after their batch failed');
      for (const event of together) problems.set(event, await alone(event));
    }
  }
  for (const event of events) if (appliedAlone(event)) problems.set(event, await alone(event));
  return events.map((event) => problems.get(event) ?? null);
}

/**
 * Signed events handed over in process (the built-in provider's): each verified on its raw body
 * as a posted one is, then applied together. A forged one is refused, as the route answers 400.
 */
export async function receiveSignedEvents(
  deps: PaymentEventDeps,
  events: ReadonlyArray<{ rawBody: string; signatureHeader: string }>,
): Promise<Array<string | null>> {
  const verified = events.map(({ rawBody, signatureHeader }) => {
    try {
      return deps.provider.parseWebhook(Buffer.from(rawBody), signatureHeader);
    } catch (error) {
      if (error instanceof WebhookSignatureError) return null;
      throw error;
    }
  });
  const applied = await handlePaymentEvents(
    deps,
    verified.filter((event) => event !== null),
  );
  let next = 0;
  return verified.map((event) =>
    event === null ? 'The event signature did not verify.' : (applied[next++] ?? null),
  );
}
