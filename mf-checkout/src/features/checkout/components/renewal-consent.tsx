import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { RENEWAL_CONSENT_LABEL, renewalTermsOf } from '@shop/shared/subscriptions/renewal-terms';

export const RENEWAL_CONSENT_MISSING = 'Please agree to the automatic renewal terms to continue';

/** The automatic-renewal terms of the quote's recurring lines, or null when nothing recurs. */
export const renewalTermsOfQuote = (quote: CheckoutQuote | undefined) =>
  quote ? renewalTermsOf(quote) : null;

/**
 * The automatic-renewal terms (the same words the API keeps with the order) and the box the
 * shopper must tick before an order with a recurring line can be placed.
 */
export function RenewalConsent({ quote }: { quote: CheckoutQuote | undefined }) {
  const terms = renewalTermsOfQuote(quote);
  if (!terms) return null;
  return (
    <>
      <div className="co-terms" id="co-renewal-terms" data-testid="renewal-terms">
        {terms}
      </div>
      <Form.Item
        name="subscriptionConsent"
        valuePropName="checked"
        rules={[
          {
            required: true,
            validator: (_, value) =>
              value === true
                ? Promise.resolve()
                : Promise.reject(new Error(RENEWAL_CONSENT_MISSING)),
          },
        ]}
      >
        <Checkbox aria-describedby="co-renewal-terms" aria-required="true">
          {RENEWAL_CONSENT_LABEL}
        </Checkbox>
      </Form.Item>
    </>
  );
}
