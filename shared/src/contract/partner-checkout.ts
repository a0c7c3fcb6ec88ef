// What a partner storefront hands the checkout area when it mounts it for its cart, checkout and
// thank-you pages (through the shell's AreaOutlet): who sells, under which names, and where a paid
// order goes next. The storefront owns the partner's customization; checkout owns the checkout.
import { z } from 'zod';
import { safeString } from './text';

export const partnerCheckoutSchema = z.object({
  businessKey: safeString().min(1).max(100),
  businessName: safeString().min(1).max(200),
  /** The lines this partner sells, under the partner's own titles; other cart lines stay out of its checkout. */
  offers: z.array(z.object({ lookupKey: safeString().min(1), title: safeString() })),
  /**
   * After a paid order: the first rule whose lookup keys meet the order's (or that lists none)
   * sends the shopper to its http(s) URL.
   */
  afterPurchase: z.array(z.object({ url: safeString().url(), lookupKeys: z.array(safeString()) })),
});
export type PartnerCheckout = z.infer<typeof partnerCheckoutSchema>;

/** The area props: nested under one name so they never collide with the shell's own props. */
export const partnerCheckoutAreaPropsSchema = z.object({ partnerCheckout: partnerCheckoutSchema });
export type PartnerCheckoutAreaProps = z.infer<typeof partnerCheckoutAreaPropsSchema>;
