import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import {
  RENEWAL_CONSENT_LABEL,
  type RenewalTermsPart,
} from '@shop/shared/subscriptions/renewal-terms';
import { RENEWAL_CONSENT_MISSING, renewalTermsOfQuote } from '../model/renewal-consent';
import { RequiredConsent } from './required-consent';

/** The terms' words, their links real links: a new tab, so the checkout form keeps what was typed. */
function TermsParts({ parts }: { parts: readonly RenewalTermsPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

/**
 * The automatic-renewal terms (the same words the API keeps with the order) and the box the
 * shopper must tick before an order with a recurring line can be placed.
 */
export function RenewalConsent({ quote }: { quote: CheckoutQuote | undefined }) {
  const terms = renewalTermsOfQuote(quote);
  if (!terms) return null;
  return (
    <RequiredConsent
      name="subscriptionConsent"
      termsId="co-renewal-terms"
      terms={<TermsParts parts={terms} />}
      missing={RENEWAL_CONSENT_MISSING}
    >
      {RENEWAL_CONSENT_LABEL}
    </RequiredConsent>
  );
}
