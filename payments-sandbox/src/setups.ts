// The test provider's SetupIntents: a card from the element saved on a customer without a
// payment. The card's test behaviour decides, as for a charge: 3184 asks for 3-D Secure first,
// the declining cards fail and are not saved.
import type { Database, Executor, PaymentSetupRow } from './db/schema';
import { createPrefixedId } from './lib/ids';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  type CreateSetupInput,
  type ProviderSetup,
} from '@shop/shared/payments/provider-contract';
import { AUTHENTICATION_FAILED, cardOutcome, type Decline } from './test-card-rules';
import { createClientSecret, type ActionResult } from './charges';
import { insertEvent } from './events';
import { attachToCustomer } from './payment-methods';
import { fingerprint, toSetup } from './rows';
import { setupIntentObject } from './stripe-objects';
import { consumeToken } from './tokens';

async function recordChange(trx: Executor, row: PaymentSetupRow): Promise<void> {
  const type =
    row.status === 'succeeded'
      ? 'setup_intent.succeeded'
      : row.status === 'failed'
        ? 'setup_intent.setup_failed'
        : row.status === 'requires_action'
          ? 'setup_intent.requires_action'
          : null;
  if (type) await insertEvent(trx, type, setupIntentObject(row));
}

export async function createSetup(db: Database, input: CreateSetupInput): Promise<ProviderSetup> {
  const requestFingerprint = fingerprint({
    customerId: input.customerId,
    token: input.token,
    returnUrl: input.returnUrl,
  });
  const row = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('payment_setups')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.request_fingerprint !== requestFingerprint)
        throw new IdempotencyConflictError(input.idempotencyKey);
      return existing;
    }
    const customer = await trx
      .selectFrom('payment_customers')
      .select('id')
      .where('id', '=', input.customerId)
      .executeTakeFirst();
    if (!customer) throw new PaymentObjectNotFoundError(`Customer ${input.customerId}`);
    const method = await consumeToken(trx, input.token);
    if (method.type !== 'card')
      throw new PaymentDeclinedError('setup_not_supported', 'Pay later cannot be saved.');
    const outcome = cardOutcome(method.test_behaviour, false);
    const id = createPrefixedId('seti');
    const setup = await trx
      .insertInto('payment_setups')
      .values({
        id,
        customer_id: input.customerId,
        payment_method_id: method.id,
        status: outcome.status,
        client_secret: createClientSecret(id),
        failure_code: outcome.decline?.code ?? null,
        failure_message: outcome.decline?.message ?? null,
        return_url: input.returnUrl,
        idempotency_key: input.idempotencyKey,
        request_fingerprint: requestFingerprint,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (setup.status === 'succeeded') await attachToCustomer(trx, method.id, input.customerId);
    await recordChange(trx, setup);
    return setup;
  });
  return toSetup(row);
}

export async function getSetup(
  db: Database,
  customerId: string,
  setupId: string,
): Promise<ProviderSetup | null> {
  const row = await db
    .selectFrom('payment_setups')
    .selectAll()
    .where('id', '=', setupId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toSetup(row) : null;
}

export async function setupBySecret(
  db: Executor,
  clientSecret: string,
): Promise<PaymentSetupRow | null> {
  const row = await db
    .selectFrom('payment_setups')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst();
  return row ?? null;
}

/** 3-D Secure on a setup: completed saves the card, failed leaves it unsaved. */
export async function finishSetupAction(
  db: Database,
  clientSecret: string,
  approved: boolean,
): Promise<ActionResult | null> {
  return db.transaction().execute(async (trx) => {
    const setup = await trx
      .selectFrom('payment_setups')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .forUpdate()
      .executeTakeFirst();
    if (!setup) return null;
    if (setup.status !== 'requires_action')
      return { status: setup.status, returnUrl: setup.return_url };
    const decline: Decline | null = approved ? null : AUTHENTICATION_FAILED;
    const updated = await trx
      .updateTable('payment_setups')
      .set({
        status: approved ? 'succeeded' : 'failed',
        failure_code: decline?.code ?? null,
        failure_message: decline?.message ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', setup.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (updated.status === 'succeeded' && updated.payment_method_id)
      await attachToCustomer(trx, updated.payment_method_id, updated.customer_id);
    await recordChange(trx, updated);
    return { status: updated.status, returnUrl: updated.return_url };
  });
}
