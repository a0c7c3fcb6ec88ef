// The test provider's rows as the provider interface shows them, and the fingerprint its
// idempotency keys compare requests by.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  BnplAuthorisationsTable,
  PaymentChargeRow,
  PaymentMethodRow,
  PaymentRefundsTable,
} from '../../../db/schema';
import type {
  BnplAuthorisation,
  CardBrand,
  ProviderCharge,
  ProviderPaymentMethod,
  ProviderRefund,
  ProviderSubscription,
} from '../payment-provider';
import { REQUIRES_ACTION_MESSAGE } from '../test-card-rules';

export function toPaymentMethod(row: PaymentMethodRow): ProviderPaymentMethod {
  return {
    id: row.id,
    customerId: row.customer_id,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    isDefault: row.is_default,
    createdAt: row.created_at,
  };
}

export function toCharge(row: PaymentChargeRow): ProviderCharge {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    nextAction:
      row.status === 'requires_action'
        ? { type: 'confirm', message: REQUIRES_ACTION_MESSAGE }
        : null,
    metadata: row.metadata ?? {},
    amountRefunded: row.amount_refunded_cents,
    createdAt: row.created_at,
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

export function toBnplAuthorisation(row: Selectable<BnplAuthorisationsTable>): BnplAuthorisation {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents,
    currency: row.currency,
    email: row.email,
    consentId: row.consent_id,
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
