import type { Database } from '../../db/schema';
import type { PaymentProvider } from './payment-provider';
import { chargeNewCard, confirmCharge, createCharge, getCharge } from './test-provider/charges';
import { ensureCustomer, findCustomerByUserId } from './test-provider/customers';
import {
  attachPaymentMethod,
  createPaymentMethod,
  detachPaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from './test-provider/payment-methods';
import { listRefunds, refund } from './test-provider/refunds';
import {
  authoriseBnpl,
  cancelBnpl,
  createSubscription,
  listSubscriptions,
} from './test-provider/subscriptions';

/**
 * The built-in provider: follows Stripe test-mode card conventions and records every object in
 * the shop's own database, so the whole shop runs with no outside service. `now` is the clock
 * subscription periods start at.
 */
export function createTestPaymentProvider(
  db: Database,
  { now = () => new Date() }: { now?: () => Date } = {},
): PaymentProvider {
  return {
    name: 'test',
    ensureCustomer: (input) => ensureCustomer(db, input),
    findCustomerByUserId: (userId) => findCustomerByUserId(db, userId),
    createPaymentMethod: (card) => createPaymentMethod(db, card),
    attachPaymentMethod: (paymentMethodId, customerId, options) =>
      attachPaymentMethod(db, paymentMethodId, customerId, options),
    listPaymentMethods: (customerId) => listPaymentMethods(db, customerId),
    getPaymentMethod: (customerId, paymentMethodId) =>
      getPaymentMethod(db, customerId, paymentMethodId),
    setDefaultPaymentMethod: (customerId, paymentMethodId) =>
      setDefaultPaymentMethod(db, customerId, paymentMethodId),
    detachPaymentMethod: (customerId, paymentMethodId) =>
      detachPaymentMethod(db, customerId, paymentMethodId),
    createCharge: (input) => createCharge(db, input),
    chargeNewCard: (input) => chargeNewCard(db, input),
    confirmCharge: (chargeId) => confirmCharge(db, chargeId),
    getCharge: (chargeId) => getCharge(db, chargeId),
    refund: (input) => refund(db, input),
    listRefunds: (chargeId) => listRefunds(db, chargeId),
    createSubscription: (input) => createSubscription(db, now, input),
    listSubscriptions: (customerId) => listSubscriptions(db, customerId),
    authoriseBnpl: (input) => authoriseBnpl(db, input),
    cancelBnpl: (authorisationId) => cancelBnpl(db, authorisationId),
  };
}
