// The checkout's analytics: begin_checkout once the cart is priced as the shopper sees it (with a
// code from the URL applied or refused), email_entered and the checkout-start lead once contact
// details are in, add_payment_info at the first payment choice, and whether the email is a new
// customer (for the purchase event). On a partner's checkout every event names the partner.
import { useEffect, useRef } from 'react';
import {
  ecommerceEvent,
  ecommerceParams,
  emailEnteredEvent,
  toGa4Item,
  type EcommerceContext,
  type TrackedAddress,
} from '@shop/shared/analytics/ga4';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { useShell } from '@shop/shared/federation/remote-root';
import { splitFullName } from '@shop/shared/format/full-name';
import { validEmailOf } from '@shop/shared/rules/contact-details';
import type { ShellProps } from '@shop/shared/shell-contract/shell-props';
import { startCheckout } from '../api/checkout-start';
import { isNewCustomer } from '../api/is-new-customer';

/** The event as `track` sends it; the server render lists the checkout page's begin_checkout with it. */
export function checkoutEcommerceEvent(
  name: 'begin_checkout' | 'add_payment_info',
  quote: CheckoutQuote,
  context: EcommerceContext,
  extra: Record<string, unknown> = {},
) {
  const event = ecommerceEvent(name, {
    items: quote.lines.map((line) =>
      toGa4Item({
        lookupKey: line.lookupKey,
        title: line.title,
        unitAmount: line.unitAmount,
        quantity: line.quantity,
        interval: line.interval,
      }),
    ),
    currency: quote.currency,
    valueCents: quote.total,
    extra: { coupon: quote.discountCode ?? undefined, ...extra },
  });
  return { event: event.event, params: ecommerceParams(event, context) };
}

function trackEcommerce(
  track: ShellProps['track'],
  ...args: Parameters<typeof checkoutEcommerceEvent>
) {
  const { event, params } = checkoutEcommerceEvent(...args);
  track(event, params);
}

export function useCheckoutAnalytics({
  quote,
  priced,
  businessKey,
}: {
  quote: CheckoutQuote | undefined;
  /** The quote is the one the shopper sees: no discount check or repricing under way. */
  priced: boolean;
  businessKey?: string;
}) {
  const { api, track } = useShell();
  const tracked = useRef({ begin: false, paymentInfo: false });
  const startedFor = useRef<string | null>(null);
  const newCustomer = useRef<boolean | null>(null);

  useEffect(() => {
    if (quote && priced && !tracked.current.begin) {
      tracked.current.begin = true;
      trackEcommerce(track, 'begin_checkout', quote, { businessKey });
    }
  }, [quote, priced, track, businessKey]);

  /** Contact details are in: once per email. */
  function contactEntered(values: {
    email?: string;
    fullName?: string;
    country?: ShippingCountry;
  }) {
    const address = validEmailOf(values.email);
    if (!address || !values.fullName?.trim() || startedFor.current === address) return;
    startedFor.current = address;
    const { firstName, lastName } = splitFullName(values.fullName);
    const entered = emailEnteredEvent(businessKey ? 'storefront-checkout' : 'checkout');
    track(entered.event, { form: entered.form });
    void startCheckout(api, {
      email: address,
      country: values.country ?? 'US',
      first_name: firstName,
      last_name: lastName,
      event_name: entered.event,
    }).catch(() => undefined);
    newCustomer.current = null;
    void isNewCustomer(api, address).then(
      (isNew) => {
        if (startedFor.current === address) newCustomer.current = isNew;
      },
      () => undefined,
    );
  }

  /** The first payment choice: once, with the address fields filled in so far. */
  function paymentChosen(paymentType: string, address: TrackedAddress) {
    if (tracked.current.paymentInfo || !quote) return;
    tracked.current.paymentInfo = true;
    trackEcommerce(
      track,
      'add_payment_info',
      quote,
      { businessKey, address },
      { payment_type: paymentType },
    );
  }

  return { contactEntered, paymentChosen, newCustomer };
}
