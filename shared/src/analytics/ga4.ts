// GA4 dataLayer payloads for the tracked events. Only builders: pushing them is the shell's job.
import type { MergedOffer } from '../catalog/merge-offer';
import type { RecurringInterval } from '../catalog/recurring-interval';

export interface Ga4Item {
  item_id: string;
  item_name: string;
  /** Dollars, as GA4 expects a number in the currency unit. */
  price: number;
  quantity: number;
  /** The billing interval, or 'one-time'. */
  item_variant: string;
}

export interface Ga4ItemSource {
  lookupKey: string;
  title: string;
  /** Integer cents. */
  unitAmount: number;
  quantity: number;
  interval: RecurringInterval | null;
}

export const ONE_TIME_VARIANT = 'one-time';

const centsToDollars = (cents: number) => Math.round(cents) / 100;

export function toGa4Item({
  lookupKey,
  title,
  unitAmount,
  quantity,
  interval,
}: Ga4ItemSource): Ga4Item {
  return {
    item_id: lookupKey,
    item_name: title,
    price: centsToDollars(unitAmount),
    quantity,
    item_variant: interval ?? ONE_TIME_VARIANT,
  };
}

export type Ga4EcommerceEventName =
  'add_to_cart' | 'view_item' | 'begin_checkout' | 'add_payment_info' | 'purchase';

export interface EcommerceEventInput {
  items: Ga4Item[];
  /** ISO code in any case; defaults to USD. */
  currency?: string;
  /** Integer cents. */
  valueCents: number;
  /** Required for purchase, so GA4 can de-duplicate it. */
  transactionId?: string;
  /** More GA4 ecommerce parameters, e.g. coupon, shipping, tax, payment_type, new_customer. */
  extra?: Record<string, unknown>;
}

export interface Ga4EcommerceEvent {
  event: Ga4EcommerceEventName;
  ecommerce: {
    currency: string;
    value: number;
    items: Ga4Item[];
    transaction_id?: string;
    [key: string]: unknown;
  };
}

export function ecommerceEvent(
  name: Ga4EcommerceEventName,
  { items, currency = 'USD', valueCents, transactionId, extra = {} }: EcommerceEventInput,
): Ga4EcommerceEvent {
  const id = transactionId?.trim();
  if (name === 'purchase' && !id) {
    throw new Error('A purchase event needs a transactionId');
  }
  return {
    event: name,
    ecommerce: {
      // extra goes first so it can add parameters but never replace the core ones.
      ...extra,
      currency: currency.trim().toUpperCase(),
      value: centsToDollars(valueCents),
      items,
      ...(id ? { transaction_id: id } : {}),
    },
  };
}

export interface LogInEvent {
  event: 'log_in';
  method: string;
}

export function logInEvent(method = 'password'): LogInEvent {
  return { event: 'log_in', method };
}

/** Where the email was typed; the address itself is personal data and never goes to analytics. */
export interface EmailEnteredEvent {
  event: 'email_entered';
  form: string;
}

export function emailEnteredEvent(form: string): EmailEnteredEvent {
  return { event: 'email_entered', form };
}

export interface QuizCompletedEvent {
  event: 'quiz_completed';
  answers: Record<string, string>;
  recommendation: string | null;
}

export function quizCompletedEvent(
  answers: Record<string, string>,
  recommendation: string | null = null,
): QuizCompletedEvent {
  return { event: 'quiz_completed', answers: { ...answers }, recommendation };
}

/** The address fields analytics receives: city, country, state and postal_code, never a street or a name. */
export interface TrackedAddress {
  city?: string;
  country?: string;
  state?: string;
  postal_code?: string;
}

const TRACKED_ADDRESS_FIELDS = ['city', 'country', 'state', 'postal_code'] as const;

/** The tracked fields of an address; blank ones are left out. */
export function trackedAddress(
  address: Partial<Record<(typeof TRACKED_ADDRESS_FIELDS)[number], string | null | undefined>>,
): TrackedAddress {
  const tracked: TrackedAddress = {};
  for (const field of TRACKED_ADDRESS_FIELDS) {
    const value = address[field]?.trim();
    if (value) tracked[field] = value;
  }
  return tracked;
}

/** Where an ecommerce event happened: a partner storefront (its key) and the shipping address so far. */
export interface EcommerceContext {
  businessKey?: string | null;
  address?: TrackedAddress | null;
}

/**
 * The parameters `track` sends with an ecommerce event: the GA4 payload, plus `business_key` on a
 * partner's pages (to tell partners' sales apart) and `shipping_address` once one is known.
 */
export function ecommerceParams(
  event: Ga4EcommerceEvent,
  { businessKey, address }: EcommerceContext = {},
): Record<string, unknown> {
  return {
    ecommerce: event.ecommerce,
    ...(businessKey ? { business_key: businessKey } : {}),
    ...(address && Object.keys(address).length > 0 ? { shipping_address: address } : {}),
  };
}

/** What an offer event needs of a priced offer (the catalog's and a storefront's alike). */
export type OfferForTracking = Pick<
  MergedOffer,
  'lookupKey' | 'priceId' | 'title' | 'unitAmount' | 'currency' | 'priceRecurringInterval'
>;

/** The GA4 ecommerce payload for one offer (add_to_cart, view_item). */
export function offerEcommerceEvent(
  name: 'add_to_cart' | 'view_item',
  offer: OfferForTracking,
  quantity = 1,
): Ga4EcommerceEvent {
  const item = toGa4Item({
    lookupKey: offer.lookupKey ?? offer.priceId,
    title: offer.title,
    unitAmount: offer.unitAmount,
    quantity,
    interval: offer.priceRecurringInterval,
  });
  return ecommerceEvent(name, {
    items: [item],
    currency: offer.currency,
    valueCents: offer.unitAmount * quantity,
  });
}
