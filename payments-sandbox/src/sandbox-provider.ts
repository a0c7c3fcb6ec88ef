import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/schema';
import type { PaymentProvider } from '@shop/shared/payments/provider-contract';
import type { CardInput } from './test-card-rules';
import {
  cancelCharge,
  confirmCharge,
  createCharge,
  finishChargeAction,
  getCharge,
  settleProcessingCharges,
  type ActionResult,
} from './charges';
import { ensureCustomer, findCustomerByUserId } from './customers';
import {
  createEventDelivery,
  oneByOne,
  type DeliverEvent,
  type DeliverEvents,
} from './event-delivery';
import { createDispute } from './disputes';
import {
  clientSecretSubject,
  isSetupSecret,
  nextActionFor,
  type ClientSecretSubject,
  type TestNextAction,
} from './next-actions';
import {
  detachPaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from './payment-methods';
import { listPrices } from './prices';
import { listRefunds, refund } from './refunds';
import { createSetup, finishSetupAction, getSetup } from './setups';
import { createSubscription, listSubscriptions } from './subscriptions';
import { createBnplToken, createCardToken, type TokenView } from './tokens';
import { createWebhookSecret, parseSignedWebhook, signWebhook } from './webhooks';

export type { DeliverEvent, DeliverEvents } from './event-delivery';
export { InvalidCardError, type TokenView } from './tokens';
export type { ActionResult } from './charges';
export type { ClientSecretSubject, TestNextAction } from './next-actions';

/** The built-in provider, plus what its own HTTP surface and the tests reach. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /** The secret its webhooks are signed with (random per process unless configured). */
  readonly webhookSecret: string;
  /** Where signed events go, a batch at a time: the app hands them to its own webhook handler. */
  setEventTarget(deliver: DeliverEvents | null): void;
  /** Delivers the events due at `now` (and settles approved pay-later intents); how many were tried. */
  deliverPendingEvents(now?: Date): Promise<number>;
  startEventDelivery(): void;
  stopEventDelivery(): Promise<void>;

  createCardToken(card: CardInput): Promise<TokenView>;
  createBnplToken(): Promise<TokenView>;
  /** The step waiting for the holder of `clientSecret`, or null when there is none. */
  nextAction(clientSecret: string): Promise<TestNextAction | null>;
  /** The intent or setup a client secret stands for, or null. */
  lookupClientSecret(clientSecret: string): Promise<ClientSecretSubject | null>;
  /** 3-D Secure completed or failed on an intent or setup. Null for an unknown secret. */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<ActionResult | null>;
  /** The pay-later provider's answer on an intent. Null for an unknown secret. */
  decidePayLater(
    clientSecret: string,
    decision: 'approve' | 'decline',
  ): Promise<ActionResult | null>;
  /** What a bank's chargeback does: a dispute on a paid intent, announced by event. */
  createDispute(chargeId: string, reason?: string): Promise<{ id: string }>;
}

export interface TestPaymentProviderOptions {
  /** The clock subscription periods and card expiry are judged by. */
  now?: () => Date;
  webhookSecret?: string;
  /** An endpoint that takes one event per call, like Stripe's webhook posts. */
  deliver?: DeliverEvent;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The built-in provider: follows Stripe test-mode card conventions and records every object in
 * the shop's own database, so the whole shop runs with no outside service. Its events go out
 * signed, like Stripe's, through whatever `setEventTarget` names.
 */
export function createTestPaymentProvider(
  db: Database,
  options: TestPaymentProviderOptions = {},
): TestPaymentProvider {
  const now = options.now ?? (() => new Date());
  const webhookSecret = options.webhookSecret ?? createWebhookSecret();
  let target: DeliverEvents | null = options.deliver ? oneByOne(options.deliver) : null;
  const delivery = createEventDelivery(db, {
    sign: (body) => signWebhook(body, webhookSecret),
    settle: () => settleProcessingCharges(db),
    deliver: () => target,
    log: options.log,
  });
  // Every write that may have queued an event asks the loop to look now.
  const waking = <T>(promise: Promise<T>): Promise<T> => promise.finally(() => delivery.wake());

  return {
    name: 'test',
    webhookSecret,
    browserConfig: () => ({ provider: 'test', elementUrl: '/test-provider/element' }),
    ensureCustomer: (input) => ensureCustomer(db, input),
    findCustomerByUserId: (userId) => findCustomerByUserId(db, userId),
    listPaymentMethods: (customerId) => listPaymentMethods(db, customerId),
    getPaymentMethod: (customerId, paymentMethodId) =>
      getPaymentMethod(db, customerId, paymentMethodId),
    setDefaultPaymentMethod: (customerId, paymentMethodId) =>
      setDefaultPaymentMethod(db, customerId, paymentMethodId),
    detachPaymentMethod: (customerId, paymentMethodId) =>
      detachPaymentMethod(db, customerId, paymentMethodId),
    createSetup: (input) => waking(createSetup(db, input)),
    getSetup: (customerId, setupId) => getSetup(db, customerId, setupId),
    createCharge: (input) => createCharge(db, input),
    confirmCharge: (chargeId, input) => waking(confirmCharge(db, chargeId, input)),
    getCharge: (chargeId) => getCharge(db, chargeId),
    cancelCharge: (chargeId, idempotencyKey) => waking(cancelCharge(db, chargeId, idempotencyKey)),
    refund: (input) => waking(refund(db, input)),
    listRefunds: (chargeId) => listRefunds(db, chargeId),
    listPrices: (lookupKeys) => listPrices(db, lookupKeys),
    createSubscription: (input) => createSubscription(db, now, input),
    listSubscriptions: (customerId) => listSubscriptions(db, customerId),
    parseWebhook: (rawBody, signature) => parseSignedWebhook(rawBody, signature, webhookSecret),

    setEventTarget(deliver) {
      target = deliver;
    },
    deliverPendingEvents: (at) => delivery.deliverPending(at),
    startEventDelivery: () => delivery.start(),
    stopEventDelivery: () => delivery.stop(),

    createCardToken: (card) => createCardToken(db, card, now()),
    createBnplToken: () => createBnplToken(db),
    nextAction: (clientSecret) => nextActionFor(db, clientSecret),
    lookupClientSecret: (clientSecret) => clientSecretSubject(db, clientSecret),
    authenticate: (clientSecret, outcome) =>
      waking(
        isSetupSecret(clientSecret)
          ? finishSetupAction(db, clientSecret, outcome === 'complete')
          : finishChargeAction(db, clientSecret, 'challenge', outcome === 'complete'),
      ),
    decidePayLater: (clientSecret, decision) =>
      waking(finishChargeAction(db, clientSecret, 'redirect', decision === 'approve')),
    createDispute: (chargeId, reason = 'fraudulent') => waking(createDispute(db, chargeId, reason)),
  };
}

/** The configured provider is the built-in one (its HTTP surface is served only then). */
export function isTestPaymentProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test' && 'deliverPendingEvents' in provider;
}
