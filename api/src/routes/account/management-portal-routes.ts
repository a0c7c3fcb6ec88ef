import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  addPaymentMethodBodySchema,
  confirmPaymentMethodBodySchema,
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
import { paymentMethodView } from '../../services/payments/payment-method-view';
import { PaymentDeclinedError, type ProviderSetup } from '../../services/payments/payment-provider';

const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';
const CONFIRMATION_NOT_FOUND = 'This card confirmation was not found. Add the card again.';
function declined(setup: ProviderSetup): PaymentDeclinedError {
  if (setup.status === 'requires_action')
    return new PaymentDeclinedError(
      'authentication_required',
      'Your bank has not confirmed this card yet. Please confirm it or add it again.',
    );
  return new PaymentDeclinedError(
    setup.failureCode ?? 'card_declined',
    setup.failureMessage ?? 'Your card was declined.',
  );
}

/**
 * Saved cards and the shipping address of the logged-in shopper. Every call is scoped to the
 * session's user: another user's payment method id answers 404, as if it did not exist.
 * Every call answers with the whole, fresh list, so the account page re-renders from one shape.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
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
        paymentMethods: methods.map(paymentMethodView),
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
          "Saves a card the provider's element collected (its token) through a SetupIntent. The card stays at " +
          'the provider; the shop never sees its number. A card whose bank wants it confirmed answers 202 with ' +
          "the setup's client secret for the provider's SDK; the confirmation call then saves it.",
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
      const { token, makeDefault } = request.body;
      const customer = await provider.ensureCustomer({
        userId: user.id,
        email: user.email,
        name: user.name,
      });
      // A SetupIntent: declines and bank confirmation show up here, before the card is saved.
      const setup = await provider.createSetup({
        customerId: customer.id,
        token,
        returnUrl: `${app.config.publicOrigin}/account`,
        idempotencyKey: `setup:${user.id}:${token}`,
      });
      if (setup.status === 'requires_action' && setup.nextAction) {
        return reply.code(202).send({
          status: 'requires_confirmation' as const,
          confirmationId: setup.id,
          clientSecret: setup.nextAction.clientSecret,
          message: setup.nextAction.message,
        });
      }
      if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw declined(setup);
      if (makeDefault) await provider.setDefaultPaymentMethod(customer.id, setup.paymentMethodId);
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
        description:
          'After the browser finished the bank check with the provider, reads the setup from the provider: ' +
          'the card is kept only if the provider says it succeeded.',
        params: paymentMethodIdParamsSchema,
        body: confirmPaymentMethodBodySchema,
        response: { 201: paymentMethodsResponseSchema, 402: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const customer = await provider.findCustomerByUserId(user.id);
      // Another shopper's confirmation id looks like one that does not exist.
      const setup = customer ? await provider.getSetup(customer.id, request.params.id) : null;
      if (!customer || !setup) throw notFound(CONFIRMATION_NOT_FOUND);
      if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw declined(setup);
      if (request.body.makeDefault)
        await provider.setDefaultPaymentMethod(customer.id, setup.paymentMethodId);
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
