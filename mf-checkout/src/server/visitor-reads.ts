// What the checkout's first view reads as the visitor (the site's fetchPersonalJson carries their
// cookies): who they are, their cart priced by the server, and an order they placed.
import { cmsInfoResponseSchema } from '@shop/shared/contract/user';
import {
  visitorCartSchema,
  orderSchema,
  type Order,
  type VisitorCart,
} from '@shop/shared/contract/checkout';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';

export type PersonalFetch = (path: string) => Promise<unknown>;

/** The status of a failed read ("GET <url> answered 404"), as the site reports it. */
function answeredStatus(error: unknown): number | null {
  const status = /answered (\d{3})\b/.exec(error instanceof Error ? error.message : '')?.[1];
  return status ? Number(status) : null;
}

/** The signed-in visitor (the shell's user query, with the balance the cart pages show), or null. */
export async function readVisitor(fetchPersonal: PersonalFetch): Promise<CurrentUser | null> {
  const path = `${API_PATHS.cmsInfo}?includeSubscriptionInfo=true&includeBalance=true`;
  return cmsInfoResponseSchema.parse(await fetchPersonal(path));
}

/**
 * The visitor's cart and the server's quote for it (null when empty); on a partner's page the quote
 * is of the lines the partner sells, at its prices.
 */
export async function readVisitorCart(
  fetchPersonal: PersonalFetch,
  discountCode: string | null,
  partner: PartnerCheckout | null = null,
): Promise<VisitorCart> {
  const query = new URLSearchParams({ country: 'US' });
  if (discountCode) query.set('discountCode', discountCode);
  if (partner) {
    query.set('businessKey', partner.businessKey);
    query.set('lookupKeys', partner.offers.map((offer) => offer.lookupKey).join(','));
  }
  return visitorCartSchema.parse(await fetchPersonal(`${API_PATHS.cartPriced}?${query}`));
}

/** An order the visitor placed; null for an id that is not theirs (the API's 404 of an unknown id). */
export async function readOwnOrder(
  fetchPersonal: PersonalFetch,
  orderId: string,
): Promise<Order | null> {
  try {
    return orderSchema.parse(await fetchPersonal(buildPath(API_PATHS.order, { id: orderId })));
  } catch (error) {
    if (answeredStatus(error) === 404) return null;
    throw error;
  }
}
