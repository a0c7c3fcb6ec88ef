// The shopper's consent to automatic renewal, taken at checkout for every order with a recurring
// line. The API renders the terms itself from the lines it priced (the words the checkout showed,
// built by the same function) and keeps that text with the order; the browser's word for the
// text is never read, only that the shopper ticked the box for this version.
import type { SubscriptionConsent } from '@shop/shared/contract/checkout';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import {
  RENEWAL_TERMS_VERSION,
  renewalTermsOf,
  renewalTermsPartsText,
} from '@shop/shared/subscriptions/renewal-terms';
import { AppError } from '../../lib/app-error';
import type { RenewalConsentRecord } from '../../repositories/orders-repository';

const consentRequired = (message: string) =>
  new AppError(422, 'VALIDATION_ERROR', message, { subscriptionConsent: message });

/**
 * The consent to write with the order, or null when nothing in it recurs. An order with a
 * recurring line without the shopper's agreement to the current terms is refused (422).
 */
export function renewalConsentFor(
  priced: {
    currency: string;
    lines: readonly { title: string; amount: number; interval: DerivedInterval | null }[];
  },
  consent: SubscriptionConsent | undefined,
  /** `shopUrl`: the shop's public origin, for the full address of each link in the kept text. */
  order: { userId: string | null; email: string; now: Date; shopUrl?: string },
): RenewalConsentRecord | null {
  const terms = renewalTermsOf(priced);
  if (terms === null) return null;
  const termsText = renewalTermsPartsText(terms, order.shopUrl ?? '');
  if (!consent)
    throw consentRequired(
      'Please agree to the automatic renewal terms: this order includes a subscription.',
    );
  if (consent.termsVersion !== RENEWAL_TERMS_VERSION)
    throw consentRequired(
      'The automatic renewal terms have changed. Please read them again and agree to place your order.',
    );
  return {
    userId: order.userId,
    email: order.email,
    termsVersion: RENEWAL_TERMS_VERSION,
    termsText,
    acceptedAt: order.now,
  };
}
