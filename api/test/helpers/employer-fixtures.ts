// An employee's request that their employer pay, and the employer paying through the emailed link.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { TestApp } from './build-test-app';
import { cardToken, US_ADDRESS } from './checkout-fixtures';

export interface EmployerRequest {
  orderId: string;
  /** The secret of the link emailed to the employer. */
  token: string;
  /** The employer pays with a (placeholder) token; a fresh idempotency key unless given. */
  pay(paymentMethod?: unknown, key?: string): ReturnType<TestApp['inject']>;
  /** The employer is back from the bank's step. */
  confirm(): ReturnType<TestApp['inject']>;
}

export async function requestEmployerPayment(
  t: TestApp,
  { email, employerEmail }: { email: string; employerEmail: string },
): Promise<EmployerRequest> {
  const sessionId = randomUUID();
  await t.inject({
    method: 'PUT',
    url: API_PATHS.cart,
    payload: { sessionId, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }] },
  });
  const submitted = await t.inject({
    method: 'POST',
    url: API_PATHS.employerFormSubmit,
    payload: { email, name: 'Wes Worker', employerEmail, shippingAddress: US_ADDRESS, sessionId },
  });
  if (submitted.statusCode !== 201) throw new Error(`employer request refused: ${submitted.body}`);
  const { orderId } = submitted.json();
  const mail = await t.app.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', employerEmail)
    .executeTakeFirstOrThrow();
  const token = decodeURIComponent(/employerPay=([^\s&]+)/.exec(mail.text_body)![1]!);
  return {
    orderId,
    token,
    pay: (paymentMethod = cardToken(), key = randomUUID()) =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.employerPaymentPay, { token }),
        headers: { 'idempotency-key': key },
        payload: { paymentMethod },
      }),
    confirm: () =>
      t.inject({ method: 'POST', url: buildPath(API_PATHS.employerPaymentConfirm, { token }) }),
  };
}
