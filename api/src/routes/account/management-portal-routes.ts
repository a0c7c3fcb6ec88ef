import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  addPaymentMethodBodySchema,
  paymentMethodConfirmationSchema,
  paymentMethodIdParamsSchema,
  paymentMethodsResponseSchema,
  updateShippingAddressBodySchema,
  type PaymentMethodsResponse,
} from '@shop/shared/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { getShippingAddress, upsertShippingAddress } from '../../repositories/users-repository';
import {
  PaymentDeclinedError,
  type ProviderCharge,
  type ProviderPaymentMethod,
} from '../../services/payments/payment-provider';

const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';
const CONFIRMATION_NOT_FOUND = 'This card confirmation was not found. Add the card again.';
/** Marks the zero-amount check that verifies a card before it is saved. */
const CARD_CHECK_PURPOSE = 'card_setup';

function declined(check: ProviderCharge): PaymentDeclinedError {
  return new PaymentDeclinedError(
    check.failureCode ?? 'card_declined',
    check.failureMessage ?? 'Your card was declined.',
  );
}

function toView(method: ProviderPaymentMethod) {
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    isDefault: method.isDefault,
  };
}

/**
 * Saved cards and the shipping address of the logged-in shopper. Every call is scoped to the
 * session's user: another user's payment method id answers 404, as if it did not exist.
 * Every call answers with the whole, fresh list, so the account page re-renders from one shape.
 */
export const managementPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };

  async function snapshot(user: UserRow): Promise<PaymentMethodsResponse> {
    const customer = await provider.findCustomerByUserId(user.id);
    const methods = customer ? await provider.listPaymentMethods(customer.id) : [];
    return {
      paymentMethodsAndAddresses: {
        paymentMethods: methods.map(toView),
        shippingAddress: await getShippingAddress(app.db, user.id),
      },
      email: user.email,
    };
  }

  async function ownedCustomerId(user: UserRow): Promise<string> {
    const customer = await provider.findCustomerByUserId(user.id);
    if (!customer) throw notFound(PAYMENT_METHOD_NOT_FOUND);
    return customer.id;
  }

  app.get(
    API_PATHS.paymentMethods,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: "List the signed-in shopper's saved cards",
        operationId: 'listPaymentMethods',
        response: { 200: paymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => snapshot(request.user!),
  );

  app.post(
    API_PATHS.paymentMethods,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Check a card and save it',
        operationId: 'addPaymentMethod',
        description:
          'Tokenises a card through the payment provider, checks it with a zero-amount charge and saves it. ' +
          'Only brand, last4 and expiry are kept. A card whose bank wants it confirmed answers 202 and is saved ' +
          'by the confirmation call.',
        body: addPaymentMethodBodySchema,
        response: {
          201: paymentMethodsResponseSchema,
          202: paymentMethodConfirmationSchema,
          402: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { card, makeDefault } = request.body;
      const customer = await provider.ensureCustomer({
        userId: user.id,
        email: user.email,
        name: user.name,
      });
      const method = await provider.createPaymentMethod(card);
      // The provider-side equivalent of a Stripe SetupIntent: declines and bank confirmation
      // show up here, before the card is attached to anyone.
      const check = await provider.createCharge({
        amount: 0,
        currency: 'usd',
        paymentMethodId: method.id,
        customerId: customer.id,
        description: 'Card check',
        metadata: { purpose: CARD_CHECK_PURPOSE, makeDefault: String(makeDefault) },
        idempotencyKey: `card-check:${method.id}`,
      });
      if (check.status === 'requires_action') {
        return reply.code(202).send({
          status: 'requires_confirmation' as const,
          confirmationId: check.id,
          message: check.nextAction?.message ?? 'Your bank asks you to confirm this card.',
        });
      }
      if (check.status !== 'succeeded') throw declined(check);
      await provider.attachPaymentMethod(method.id, customer.id, { makeDefault });
      return reply.code(201).send(await snapshot(user));
    },
  );

  app.post(
    API_PATHS.paymentMethodConfirmation,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Save a card its bank asked to confirm',
        operationId: 'confirmPaymentMethod',
        description: 'Confirms a card that answered 202 when it was added, and saves it.',
        params: paymentMethodIdParamsSchema,
        response: { 201: paymentMethodsResponseSchema, 402: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const customer = await provider.findCustomerByUserId(user.id);
      const check = await provider.getCharge(request.params.id);
      // Another shopper's confirmation id, or any other charge, looks like one that does not exist.
      if (
        !customer ||
        !check?.paymentMethodId ||
        check.customerId !== customer.id ||
        check.metadata.purpose !== CARD_CHECK_PURPOSE
      ) {
        throw notFound(CONFIRMATION_NOT_FOUND);
      }
      const confirmed =
        check.status === 'requires_action' ? await provider.confirmCharge(check.id) : check;
      if (confirmed.status !== 'succeeded') throw declined(confirmed);
      await provider.attachPaymentMethod(check.paymentMethodId, customer.id, {
        makeDefault: check.metadata.makeDefault === 'true',
      });
      return reply.code(201).send(await snapshot(user));
    },
  );

  app.post(
    API_PATHS.paymentMethodDefault,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Make a saved card the default',
        operationId: 'setDefaultPaymentMethod',
        params: paymentMethodIdParamsSchema,
        response: { 200: paymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      await provider.setDefaultPaymentMethod(await ownedCustomerId(user), request.params.id);
      return snapshot(user);
    },
  );

  app.delete(
    API_PATHS.paymentMethod,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Remove a saved card',
        operationId: 'deletePaymentMethod',
        params: paymentMethodIdParamsSchema,
        response: { 200: paymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      await provider.detachPaymentMethod(await ownedCustomerId(user), request.params.id);
      return snapshot(user);
    },
  );

  app.put(
    API_PATHS.shippingAddress,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Save the shipping address',
        operationId: 'saveShippingAddress',
        body: updateShippingAddressBodySchema,
        response: { 200: paymentMethodsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      await upsertShippingAddress(app.db, user.id, request.body);
      return snapshot(user);
    },
  );
};
