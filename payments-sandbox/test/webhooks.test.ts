import { WebhookSignatureError } from '@shop/shared/payments/provider-contract';
import { createWebhookSecret, parseSignedWebhook, signWebhook } from '../src/webhooks';

// The sandbox signs its events as Stripe does (the `stripe-signature` header over the raw body),
// so the shop verifies them exactly as it verifies Stripe's.
describe('sandbox webhooks', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'charge.dispute.created',
    data: { object: { id: 'dp_1', payment_intent: 'pi_1', amount: 14900, reason: 'fraudulent' } },
  });

  it('a body signed with the secret parses into the provider event it announces', () => {
    const secret = createWebhookSecret();
    const event = parseSignedWebhook(Buffer.from(body), signWebhook(body, secret), secret);
    expect(event).toEqual({
      id: 'evt_1',
      type: 'charge.dispute.created',
      chargeId: 'pi_1',
      disputeId: 'dp_1',
      amount: 14900,
      reason: 'fraudulent',
    });
  });

  it('refuses a changed body, another secret and a missing header', () => {
    const secret = createWebhookSecret();
    const header = signWebhook(body, secret);
    const changed = Buffer.from(body.replace('14900', '1'));
    expect(() => parseSignedWebhook(changed, header, secret)).toThrow(WebhookSignatureError);
    expect(() => parseSignedWebhook(Buffer.from(body), header, createWebhookSecret())).toThrow(
      WebhookSignatureError,
    );
    expect(() => parseSignedWebhook(Buffer.from(body), undefined, secret)).toThrow(
      WebhookSignatureError,
    );
  });
});
