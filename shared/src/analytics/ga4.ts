// GA4 dataLayer payloads for the tracked events. Only builders: pushing them is the shell's job.
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
