import { randomUUID } from 'node:crypto';
import {
  cartQuerySchema,
  cartSchema,
  mergeCartBodySchema,
  putCartBodySchema,
} from '@shop/shared/contract/cart';
import {
  cartLineChangeBodySchema,
  putPricedCartBodySchema,
  visitorCartSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { Cart, CartItem } from '@shop/shared/contract/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeCartLines,
  getCart,
  mergeItems,
  mergeSessionCartIntoUser,
  putCart,
  type CartOwner,
} from '../../repositories/carts-repository';
import { withPartnerTitles } from '../../services/checkout/partner-titles';
import { assertKnownLookupKeys, priceCart, toQuote } from '../../services/checkout/pricing';
import { cartSessionFrom, rememberCartSession } from '../../services/cart/cart-session';

/** Sets one line's quantity in place (a new line goes last); 0 removes it. */
function setLineQuantity(items: CartItem[], lookupKey: string, quantity: number): CartItem[] {
  if (quantity === 0) return items.filter((item) => item.lookupKey !== lookupKey);
  return items.some((item) => item.lookupKey === lookupKey)
    ? items.map((item) => (item.lookupKey === lookupKey ? { ...item, quantity } : item))
    : [...items, { lookupKey, quantity }];
}

/**
 * The server-side cart (content client, /api/v1/cart): keyed by the browser's session id, and by
 * the user once logged in, when any cart of the session is merged into the user's first.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

  async function ownerFor(userId: string | null, sessionId: string): Promise<CartOwner> {
    if (!userId) return { sessionId };
    await db.transaction().execute((trx) => mergeSessionCartIntoUser(trx, sessionId, userId));
    return { userId };
  }

  app.get(
    API_PATHS.cart,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['cart'],
        summary: "Get this browser's or this user's cart",
        operationId: 'getCart',
        querystring: cartQuerySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) rememberCartSession(reply, config, request.query.sessionId);
      return getCart(db, await ownerFor(request.user?.id ?? null, request.query.sessionId));
    },
  );

  /** Replaces the caller's cart lines: repeated keys become one line, capped like any line. */
  async function saveLines(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { sessionId: string; items: CartItem[] },
  ) {
    const items = mergeItems([], body.items);
    await assertKnownLookupKeys(
      db,
      app.catalogPrices,
      items.map((item) => item.lookupKey),
    );
    if (!request.user) rememberCartSession(reply, config, body.sessionId);
    return putCart(db, await ownerFor(request.user?.id ?? null, body.sessionId), items);
  }

  app.put(
    API_PATHS.cart,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['cart'],
        summary: "Replace the cart's lines",
        operationId: 'saveCart',
        body: putCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request, reply) => saveLines(request, reply, request.body),
  );

  app.put(
    API_PATHS.cartPriced,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['cart'],
        summary: "Replace the cart's lines and answer with the cart priced",
        operationId: 'savePricedCart',
        description:
          "One request for a cart page's change: the saved cart and its quote (as POST …/checkout/quote prices it; null when empty).",
        body: putPricedCartBodySchema,
        response: { 200: visitorCartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cart = await saveLines(request, reply, request.body);
      return { cart, quote: await quoteOf(cart, request.body) };
    },
  );

  /** The quote of a saved cart, as POST …/checkout/quote prices it; null when empty. */
  async function quoteOf(
    cart: Cart,
    pricing: Omit<Parameters<typeof priceCart>[2], 'items' | 'shipUpfront'>,
  ) {
    if (cart.items.length === 0) return null;
    const { country, discountCode, email, businessKey } = pricing;
    const priced = await priceCart(db, app.catalogPrices, {
      items: cart.items,
      country,
      shipUpfront: false,
      discountCode,
      email,
      businessKey,
    });
    return toQuote(await withPartnerTitles(app.customizations, businessKey, priced));
  }

  app.post(
    API_PATHS.cartLine,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['cart'],
        summary: 'Change one line of the cart',
        operationId: 'changeCartLine',
        description:
          '`add` adds to the line, `set` sets it (0 removes it), applied to the cart the server holds. With `pricing` the answer carries the quote as PUT …/cart/priced does; else it is null.',
        body: cartLineChangeBodySchema,
        response: { 200: visitorCartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { lookupKey, mode, quantity, pricing } = request.body;
      // A browser without the script's id is known by its cart cookie, or starts a cart here.
      const sessionId = request.body.sessionId ?? cartSessionFrom(request) ?? randomUUID();
      if (mode === 'add' || quantity > 0)
        await assertKnownLookupKeys(db, app.catalogPrices, [lookupKey]);
      if (!request.user) rememberCartSession(reply, config, sessionId);
      const owner = await ownerFor(request.user?.id ?? null, sessionId);
      const cart = await db
        .transaction()
        .execute((trx) =>
          changeCartLines(trx, owner, (items) =>
            mode === 'add'
              ? mergeItems(items, quantity > 0 ? [{ lookupKey, quantity }] : [])
              : setLineQuantity(items, lookupKey, quantity),
          ),
        );
      return { cart, quote: pricing ? await quoteOf(cart, pricing) : null };
    },
  );

  app.post(
    API_PATHS.cartMerge,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['cart'],
        summary: "Merge a browser's cart into the signed-in user's",
        operationId: 'mergeCart',
        body: mergeCartBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) =>
      db
        .transaction()
        .execute((trx) => mergeSessionCartIntoUser(trx, request.body.sessionId, request.user!.id)),
  );
};
