// The checkout form's fields, their rules, and how server field paths map onto them.
import type { Address, ShippingCountry } from '@shop/shared/contract/common';

export interface FormValues {
  email: string;
  fullName: string;
  country: ShippingCountry;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  shipUpfront: boolean;
  /** A saved card, or the provider's element (a new card, or pay later when it offers it). */
  payment: 'new' | 'saved';
  saveCard?: boolean;
  savedCardId?: string;
  bnplAccepted?: boolean;
  /** The automatic-renewal box, shown when the cart has a recurring line. */
  subscriptionConsent?: boolean;
  marketing?: boolean;
}

export const INITIAL_VALUES: Partial<FormValues> = {
  country: 'US',
  shipUpfront: false,
  payment: 'new',
  saveCard: false,
  marketing: false,
};

/** What an extra action (the employer request) needs from the filled-in form. */
export interface CheckoutDetails {
  email: string;
  name: string;
  shippingAddress: Address;
  discountCode: string | null;
  shipUpfront: boolean;
}

/** Server field paths ("shippingAddress.postal_code") to this form's fields. */
export const FIELD_NAMES: Record<string, keyof FormValues> = {
  email: 'email',
  name: 'fullName',
  'shippingAddress.line1': 'line1',
  'shippingAddress.city': 'city',
  'shippingAddress.state': 'state',
  'shippingAddress.postal_code': 'postalCode',
  'shipping.postal_code': 'postalCode',
  subscriptionConsent: 'subscriptionConsent',
};
