// Nothing is left half-done: an order (an employer's payment included) or a post-purchase upgrade
// whose payment has not settled a few minutes after its intent was written (the shopper closed
// the page, the webhook was lost, or our write failed after the provider took the money) is
// finished from the provider's own state, through the same function the confirm route and the
// webhook use. Succeeded ends paid or completed (or refunded when it can no longer be), failed or
// canceled ends failed; an intent still waiting for the shopper (or never confirmed) is cancelled
// at the provider, which releases it, and the record with it. An order request that stopped
// before its payment started (its key claimed, its order pending without an intent) is removed
// and its key released, so the shopper's retry starts afresh.
import type { FastifyBaseLogger } from 'fastify';
import {
  claimUnsettledOrders,
  deleteAbandonedOrders,
  releaseOrphanOrderClaims,
} from '../../repositories/orders-repository';
import { claimUnsettledUpgrades } from '../../repositories/upgrades-repository';
import { finalizeOrder, ORDER_SCOPE, type FinalizeDeps } from '../checkout/finalize-order';
import { settleUpgradePayment, upgradeChargeKey } from '../upgrades/purchase-upgrade';
import type { ProviderCharge } from './payment-provider';

export interface ReconcileOptions {
  /** How old an unsettled intent must be before it is looked at. */
  afterMinutes: number;
  /** The one clock every decision reads. */
  now?: () => Date;
  /**
   * The machine's own time, never moved with the shop clock: claims are dated by the database,
   * so an abandoned one's age is measured by it. The machine's clock by default.
   */
  machineNow?: () => Date;
  batchSize?: number;
}

export interface ReconcileResult {
  /** Orders and upgrades this run looked at. */
  checked: number;
  /** Orders and upgrades this run moved (paid or completed, failed, cancelled or refunded). */
  finalized: number;
  /** Intents this run cancelled at the provider. */
  cancelled: number;
  /** Order requests this run found stopped before their payment: orders removed, keys released. */
  abandoned: number;
}

/** An intent the shopper will not finish any more: still waiting on them, or never confirmed. */
const ABANDONED: readonly ProviderCharge['status'][] = ['requires_action', 'requires_confirmation'];

/** The claim window of one pass: intents written before `before`, leased until `leaseUntil`. */
interface Pass {
  before: Date;
  now: Date;
  leaseUntil: Date;
  limit: number;
}

/** One claimed record: its intent, the key to cancel it under, and the one place that settles it. */
interface Claimed {
  record: { orderId: string } | { upgradeId: string };
  chargeId: string;
  cancelKey: string;
  /** Applies the provider's state; whether the record moved. */
  settle(charge: ProviderCharge): Promise<boolean>;
}

export const UNKNOWN_INTENT_MESSAGE = 'The payment provider has no record of this payment';

/**
 * An intent the provider does not know (made with other keys: test orders after switching to live
 * ones) will never settle: the record fails, logged once, and no pass claims it again.
 */
async function settleUnknownIntent(deps: FinalizeDeps, claimed: Claimed, result: ReconcileResult) {
  const unknown: ProviderCharge = {
    id: claimed.chargeId,
    status: 'failed',
    amount: 0,
    currency: '',
    customerId: null,
    paymentMethodId: null,
    method: null,
    failureCode: 'resource_missing',
    failureMessage: UNKNOWN_INTENT_MESSAGE,
    nextAction: null,
    metadata: {},
    amountRefunded: 0,
    createdAt: new Date(0),
  };
  if (!(await claimed.settle(unknown))) return;
  result.finalized += 1;
  deps.log?.warn(
    { ...claimed.record, chargeId: claimed.chargeId },
    `intent unknown to the provider: failed with "${UNKNOWN_INTENT_MESSAGE}"`,
  );
}

async function reconcileRecord(deps: FinalizeDeps, claimed: Claimed, result: ReconcileResult) {
  try {
    let charge = await deps.provider.getCharge(claimed.chargeId);
    if (!charge) {
      await settleUnknownIntent(deps, claimed, result);
      return;
    }
    if (ABANDONED.includes(charge.status)) {
      charge = await deps.provider.cancelCharge(charge.id, claimed.cancelKey);
      result.cancelled += 1;
    }
    if (await claimed.settle(charge)) result.finalized += 1;
  } catch (error) {
    // The lease runs out and a later pass tries again.
    deps.log?.error({ err: error, ...claimed.record }, 'payment reconciliation failed');
  }
}

async function reconcileOrders(deps: FinalizeDeps, pass: Pass, result: ReconcileResult) {
  const rows = await claimUnsettledOrders(deps.db, pass);
  result.checked += rows.length;
  for (const row of rows)
    await reconcileRecord(
      deps,
      {
        record: { orderId: row.id },
        chargeId: row.payment_charge_id!,
        // One key per intent: an employer's order may hold a new intent after one was cancelled.
        cancelKey: `order:${row.id}:cancel:${row.payment_charge_id}`,
        settle: async (charge) => (await finalizeOrder(deps, row.id, charge)).changed,
      },
      result,
    );
}

/** Order requests that stopped before their payment started: nothing was charged, so they go. */
async function releaseAbandonedClaims(
  deps: FinalizeDeps,
  claimedBefore: Date,
  limit: number,
  result: ReconcileResult,
) {
  const orders = await deleteAbandonedOrders(deps.db, {
    createdBefore: claimedBefore,
    keyScope: ORDER_SCOPE,
    limit,
  });
  const claims = await releaseOrphanOrderClaims(deps.db, {
    claimedBefore,
    keyScope: ORDER_SCOPE,
    limit,
  });
  result.abandoned += orders + claims;
}

async function reconcileUpgrades(deps: FinalizeDeps, pass: Pass, result: ReconcileResult) {
  const rows = await claimUnsettledUpgrades(deps.db, pass);
  result.checked += rows.length;
  for (const row of rows)
    await reconcileRecord(
      deps,
      {
        record: { upgradeId: row.id },
        chargeId: row.charge_id!,
        // Keyed by the attempt whose intent it is, like its creation and confirmation.
        cancelKey: `${upgradeChargeKey(row.id, row.attempts)}:cancel`,
        settle: async (charge) => {
          const settled = await settleUpgradePayment(deps, row.id, charge);
          return settled.outcome === 'completed'
            ? settled.changed
            : settled.outcome !== 'unchanged';
        },
      },
      result,
    );
}

/**
 * One pass. Each order and upgrade is claimed with a lease (`for update skip locked`), so
 * instances running it at once share them and a crash mid-run only delays them; every step is
 * idempotent (finalizeOrder and settleUpgradePayment under a row lock, the cancellation under a
 * key derived from the record).
 */
export async function reconcilePayments(
  deps: FinalizeDeps,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const now = (options.now ?? (() => new Date()))();
  const waitMs = options.afterMinutes * 60_000;
  const pass: Pass = {
    before: new Date(now.getTime() - waitMs),
    now,
    leaseUntil: new Date(now.getTime() + waitMs),
    limit: options.batchSize ?? 50,
  };
  const result: ReconcileResult = { checked: 0, finalized: 0, cancelled: 0, abandoned: 0 };
  const machineNow = (options.machineNow ?? (() => new Date()))();
  const claimedBefore = new Date(machineNow.getTime() - waitMs);
  await releaseAbandonedClaims(deps, claimedBefore, pass.limit, result);
  await reconcileOrders(deps, pass, result);
  await reconcileUpgrades(deps, pass, result);
  return result;
}

export interface PaymentReconciler {
  runOnce(): Promise<ReconcileResult>;
  start(): void;
  stop(): void;
}

/** Runs reconcilePayments every `intervalMs` (like the mail queue's sender), one pass at a time. */
export function createPaymentReconciler(
  deps: FinalizeDeps & { log?: FastifyBaseLogger },
  options: ReconcileOptions & { intervalMs?: number },
): PaymentReconciler {
  const intervalMs = options.intervalMs ?? 60_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReconcileResult> | null = null;
  const runOnce = () => {
    running ??= reconcilePayments(deps, options).finally(() => {
      running = null;
    });
    return running;
  };
  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) =>
          deps.log?.error({ err: error }, 'payment reconciliation failed'),
        );
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
