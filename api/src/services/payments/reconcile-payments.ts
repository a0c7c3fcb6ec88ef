// Nothing is left half-done: an order whose payment has not settled a few minutes after its
// intent was created (the shopper closed the page, the webhook was lost, or our write failed
// after the provider took the money) is finished from the provider's own state. Succeeded ends
// paid, failed or canceled ends failed; an intent still waiting for the shopper (or never
// confirmed) is cancelled at the provider, which releases it, and the order with it.
import type { FastifyBaseLogger } from 'fastify';
import { claimUnsettledOrders } from '../../repositories/orders-repository';
import { finalizeOrder, type FinalizeDeps } from '../checkout/finalize-order';
import type { ProviderCharge } from './payment-provider';

export interface ReconcileOptions {
  /** How old an unsettled intent must be before it is looked at. */
  afterMinutes: number;
  /** The one clock every decision reads. */
  now?: () => Date;
  batchSize?: number;
}

export interface ReconcileResult {
  checked: number;
  /** Orders this run moved (paid, failed or cancelled). */
  finalized: number;
  cancelled: number;
}

/** An intent the shopper will not finish any more: still waiting on them, or never confirmed. */
const ABANDONED: readonly ProviderCharge['status'][] = ['requires_action', 'requires_confirmation'];

/**
 * One pass. Each order is claimed with a lease (`for update skip locked`), so instances running
 * it at once share the orders and a crash mid-run only delays them; every step is idempotent
 * (finalizeOrder under a row lock, the cancellation under a key derived from the order).
 */
export async function reconcilePayments(
  deps: FinalizeDeps,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const now = (options.now ?? (() => new Date()))();
  const waitMs = options.afterMinutes * 60_000;
  const rows = await claimUnsettledOrders(deps.db, {
    before: new Date(now.getTime() - waitMs),
    now,
    leaseUntil: new Date(now.getTime() + waitMs),
    limit: options.batchSize ?? 50,
  });
  const result: ReconcileResult = { checked: rows.length, finalized: 0, cancelled: 0 };
  for (const row of rows) {
    try {
      let charge = await deps.provider.getCharge(row.payment_charge_id!);
      if (!charge) {
        deps.log?.error(
          { orderId: row.id, chargeId: row.payment_charge_id },
          'order intent unknown to the provider',
        );
        continue;
      }
      if (ABANDONED.includes(charge.status)) {
        charge = await deps.provider.cancelCharge(charge.id, `order:${row.id}:cancel`);
        result.cancelled += 1;
      }
      if ((await finalizeOrder(deps, row.id, charge)).changed) result.finalized += 1;
    } catch (error) {
      // The lease runs out and a later pass tries again.
      deps.log?.error(
        { err: error, orderId: row.id },
        'payment reconciliation failed for an order',
      );
    }
  }
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
