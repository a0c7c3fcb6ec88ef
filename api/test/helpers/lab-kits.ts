// Kits for the lab's tests: a customer, a paid order and a kit in the state a test needs, written
// straight to the tables (the kits domain's own tests cover how kits get there).
import { randomInt, randomUUID } from 'node:crypto';
import type { KitState } from '@shop/shared/contract/kits';
import { Hl7Client } from '@medplum/hl7';
import { Hl7Message } from '@medplum/core';
import { kitCodeFromValues } from '@shop/shared/kits/kit-code';
import type { Database } from '../../src/db/schema';

export interface LabKitFixture {
  kitId: string;
  code: string;
  userId: string;
  email: string;
}

export async function makeLabKit(
  db: Database,
  state: KitState = 'activated',
): Promise<LabKitFixture> {
  const email = `lab-${randomUUID().slice(0, 8)}@example.com`;
  const user = await db
    .insertInto('users')
    .values({ email, name: 'Lab Customer', password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      kind: 'consumer',
      email,
      name: 'Lab Customer',
      status: 'paid',
      currency: 'usd',
      subtotal_cents: 14900,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 14900,
      discount_code: null,
      ship_upfront: false,
      bnpl: false,
      bnpl_consent_id: null,
      business_key: null,
      marketing_enabled: false,
      session_id: null,
      shipping_address: JSON.stringify({}),
      payment_charge_id: null,
      payment_method_id: null,
      user_id: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const activated = !['created', 'shipped', 'delivered'].includes(state);
  const now = new Date();
  const code = kitCodeFromValues(Array.from({ length: 10 }, () => randomInt(0, 32)));
  const kit = await db
    .insertInto('kits')
    .values({
      code,
      order_id: order.id,
      order_line_id: null,
      unit: 1,
      user_id: user.id,
      product_key: null,
      title: 'Blood panel kit',
      state,
      activated_by: activated ? user.id : null,
      activated_at: activated ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { kitId: kit.id, code, userId: user.id, email };
}

export interface LabAck {
  code: string;
  controlId: string;
  text: string;
  raw: string;
}

/** Sends one message over MLLP with @medplum/hl7's client and reads the ACK. */
export async function sendOverMllp(port: number, message: string): Promise<LabAck> {
  const client = new Hl7Client({ host: '127.0.0.1', port });
  try {
    const ack = await client.sendAndWait(Hl7Message.parse(message), { returnAck: 'first' });
    const msa = ack.getSegment('MSA');
    return {
      code: msa?.getComponent(1, 1) ?? '',
      controlId: msa?.getComponent(2, 1) ?? '',
      text: msa?.getComponent(3, 1) ?? '',
      raw: ack.toString(),
    };
  } finally {
    await client.close();
  }
}
