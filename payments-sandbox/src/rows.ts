// The test provider's rows as the provider interface shows them, and the fingerprint its
// idempotency keys compare requests by.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  PaymentChargeRow,
  PaymentMethodRow,
  PaymentRefundsTable,
  PaymentSetupRow,
} from './db/schema';
import type {
  CardBrand,
  PaymentMethodSummary,
  ProviderCharge,
  ProviderPaymentMethod,
  ProviderRefund,
  ProviderSetup,
  ProviderSubscription,
} from '@shop/shared/payments/provider-contract';
import { BNPL_ACTION_MESSAGE, REQUIRES_ACTION_MESSAGE } from './test-card-rules';

/** Only cards are listed and saved: a card method always has its last four and expiry. */
export function toPaymentMethod(row: PaymentMethodRow): ProviderPaymentMethod {
  return {
    id: row.id,
    customerId: row.customer_id,
    brand: row.brand as CardBrand,
    last4: row.last4 ?? '',
    expMonth: row.exp_month ?? 0,
    expYear: row.exp_year ?? 0,
    isDefault: row.is_default,
    createdAt: row.created_at,
  };
}

export function toMethodSummary(row: PaymentMethodRow): PaymentMethodSummary {
  return { id: row.id, type: row.type, brand: row.brand as CardBrand, last4: row.last4 };
}

export function toCharge(row: PaymentChargeRow, method: PaymentMethodRow | null): ProviderCharge {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    method: method ? toMethodSummary(method) : null,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    nextAction:
      row.status === 'requires_action' && row.client_secret
        ? {
            clientSecret: row.client_secret,
            message: row.next_action === 'redirect' ? BNPL_ACTION_MESSAGE : REQUIRES_ACTION_MESSAGE,
          }
        : null,
    metadata: row.metadata ?? {},
    amountRefunded: row.amount_refunded_cents,
    createdAt: row.created_at,
  };
}

export function toSetup(row: PaymentSetupRow): ProviderSetup {
  return {
    id: row.id,
    status: row.status,
    customerId: row.customer_id,
    paymentMethodId: row.status === 'succeeded' ? row.payment_method_id : null,
    nextAction:
      row.status === 'requires_action'
        ? { clientSecret: row.client_secret, message: REQUIRES_ACTION_MESSAGE }
        : null,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
  };
}

export function toRefund(row: Selectable<PaymentRefundsTable>): ProviderRefund {
  return {
    id: row.id,
    chargeId: row.charge_id,
    amount: row.amount_cents,
    currency: row.currency,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export function toSubscription(row: {
  id: string;
  customer_id: string;
  price_id: string;
  payment_method_id: string | null;
  quantity: number;
  status: ProviderSubscription['status'];
  current_period_start: Date | string;
  current_period_end: Date | string;
}): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customer_id,
    priceId: row.price_id,
    paymentMethodId: row.payment_method_id,
    quantity: row.quantity,
    status: row.status,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
  };
}
