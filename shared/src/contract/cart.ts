import { z } from 'zod';
import { safeString } from './text';
import { MAX_CART_LINE_QUANTITY } from './cart-keys';
import { sessionIdSchema } from './common';

export { MAX_CART_LINE_QUANTITY } from './cart-keys';

export const cartItemSchema = z.object({
  lookupKey: safeString().trim().min(1).max(100),
  quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema).max(50),
  updatedAt: safeString().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/** The cart is held server-side against the client session id, and against the user once logged in. */
export const cartQuerySchema = z.object({ sessionId: sessionIdSchema });
export const putCartBodySchema = z.object({
  sessionId: sessionIdSchema,
  items: z.array(cartItemSchema).max(50),
});
export type PutCartBody = z.input<typeof putCartBodySchema>;
/** Called right after login: the session's cart is merged into the user's. */
export const mergeCartBodySchema = z.object({ sessionId: sessionIdSchema });
