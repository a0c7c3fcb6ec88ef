// The automatic-renewal consent of the checkout form: shown, and required, when the quote has a
// recurring line; sent with the version of the terms the shopper saw.
import type { CheckoutQuote, SubscriptionConsent } from '@shop/shared/contract/checkout';
import { RENEWAL_TERMS_VERSION, renewalTermsOf } from '@shop/shared/subscriptions/renewal-terms';
import type { FormValues } from './checkout-form-values';

export const RENEWAL_CONSENT_MISSING = 'Please agree to the automatic renewal terms to continue';

/** The automatic-renewal terms of the quote's recurring lines, or null when nothing recurs. */
export const renewalTermsOfQuote = (quote: CheckoutQuote | undefined) =>
  quote ? renewalTermsOf(quote) : null;

/** The ticked box, as the API asks for it. */
export const subscriptionConsentOf = (values: FormValues): SubscriptionConsent | undefined =>
  values.subscriptionConsent === true
    ? { termsVersion: RENEWAL_TERMS_VERSION, accepted: true }
    : undefined;
