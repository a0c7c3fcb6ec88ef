import { visitorCartQuerySchema, visitorCartSchema } from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_CART, getCart, type CartOwner } from '../../repositories/carts-repository';
import { cartSessionFrom } from '../../services/cart/cart-session';
import { withPartnerTitles } from '../../services/checkout/partner-titles';
import { priceCart, toQuote } from '../../services/checkout/pricing';

/**
 * The visitor's cart, priced (content client, GET /api/v1/cart/priced): what a cart or checkout page
 * drawn on the server shows. The visitor is known by their cookies alone: the signed-in user's cart,
 * else the cart the cart cookie names, else an empty one. It only reads (no merge, no cookie set);
 * the page's own calls do those once it runs in the browser. Priced by the quote's code, with the
 * signed-in user's email as the cart page sends it; on a partner's page as its business checkout.
 */
export const visitorCartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    API_PATHS.cartPriced,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['cart'],
        summary: "The visitor's cart with its price quote",
        operationId: 'getPricedCart',
        description:
          "The caller's own cart (signed-in user, else the cart cookie) and the server's quote for it (null when empty).",
        querystring: visitorCartQuerySchema,
        response: { 200: visitorCartSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const sessionId = cartSessionFrom(request);
      const owner: CartOwner | null = request.user
        ? { userId: request.user.id }
        : sessionId
          ? { sessionId }
          : null;
      const cart = owner ? await getCart(db, owner) : EMPTY_CART;
      const { country, discountCode, businessKey, lookupKeys } = request.query;
      // A partner's page prices only the lines it sells; the cart itself is answered whole.
      const sold = lookupKeys && new Set(lookupKeys);
      const items = sold ? cart.items.filter((item) => sold.has(item.lookupKey)) : cart.items;
      if (items.length === 0) return { cart, quote: null };
      const priced = await priceCart(db, app.catalogPrices, {
        items,
        country,
        shipUpfront: false,
        discountCode: discountCode ?? null,
        email: request.user?.email ?? null,
        businessKey,
      });
      return {
        cart,
        quote: toQuote(await withPartnerTitles(app.customizations, businessKey, priced)),
      };
    },
  );
};
