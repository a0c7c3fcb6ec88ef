// The checkout form: contact, shipping, discount, payment and the order summary. The consumer
// checkout and a partner storefront's (with businessKey) are this one form; every figure comes
// from the server's quote, and the server prices the order again itself.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { validEmailOf } from '@shop/shared/rules/contact-details';
import { trackedAddress } from '@shop/shared/analytics/ga4';
import type {
  PaymentElementChange,
  PaymentElementHandle,
} from '@shop/shared/payments/payment-element';
import { useCheckoutQuote } from '../api/checkout-quote';
import { useSavedCards } from '../api/saved-cards';
import { useAccountPrefill } from '../hooks/use-account-prefill';
import { useCheckoutAnalytics } from '../hooks/use-checkout-analytics';
import { useDiscountChecks, useDiscountState } from '../hooks/use-discount-code';
import { usePlaceOrder } from '../hooks/use-place-order';
import {
  INITIAL_VALUES,
  type CheckoutDetails,
  type FormValues,
} from '../model/checkout-form-values';
import { CheckoutStyles } from './checkout-styles';
import { ContactSection } from './contact-section';
import { DiscountSection } from './discount-section';
import { balanceCents, QuoteTotals, SummaryLines } from './order-summary';
import { PaymentSection } from './payment-section';
import { PlaceOrderSection } from './place-order-section';
import { RenewalConsent } from './renewal-consent';
import { ShippingSection } from './shipping-section';

export interface CheckoutFormProps {
  items: readonly CartItem[];
  /** Set on partner storefronts: the business checkout is used and its status polled. */
  businessKey?: string;
  /** How the server's quote lines are titled (a partner's own product names). */
  titleLines?<Line extends { lookupKey: string; title: string }>(lines: readonly Line[]): Line[];
  onPlaced(order: Order, info: { newCustomer: boolean | null }): void;
  /** Extra ways to finish, e.g. asking an employer to pay; `details()` validates and returns the form. */
  extraActions?: (details: () => Promise<CheckoutDetails | null>) => ReactNode;
}

/** Card, or pay later through the provider's own method. */
const PAYMENT_METHODS = ['card', 'bnpl'] as const;

export const DISCOUNT_CHANGED_MESSAGE =
  'Your discount code no longer applies to this order. Check the new total and place your order again.';

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function CheckoutForm({
  items,
  businessKey,
  titleLines,
  onPlaced,
  extraActions,
}: CheckoutFormProps) {
  const { userContext } = useShell();
  const user = userContext.user;
  const [form] = Form.useForm<FormValues>();
  const country = (Form.useWatch('country', form) ?? 'US') as ShippingCountry;
  const shipUpfront = Form.useWatch('shipUpfront', form) ?? false;
  const payment = Form.useWatch('payment', form) ?? 'new';
  const element = useRef<PaymentElementHandle>(null);
  const [elementMethod, setElementMethod] = useState<PaymentElementChange['method']>('card');
  const validEmail = validEmailOf(Form.useWatch('email', form));

  const discountCode = useDiscountState();
  const quote = useCheckoutQuote({
    items,
    country,
    shipUpfront,
    discountCode: discountCode.appliedCode,
    email: validEmail,
    businessKey,
  });
  const {
    applyCode,
    settled: discountSettled,
    firstTryPending,
  } = useDiscountChecks(discountCode, {
    quote: quote.data,
    email: validEmail,
    businessKey,
  });
  const savedCards = useSavedCards();
  useAccountPrefill(form, user, savedCards.data);
  const analytics = useCheckoutAnalytics({
    quote: quote.data,
    // Priced as the shopper sees it: a code from the URL tried, no check or repricing under way.
    priced:
      !quote.isPlaceholderData &&
      !quote.isFetching &&
      discountCode.discount.status !== 'checking' &&
      !firstTryPending,
    businessKey,
  });
  const cards = savedCards.data?.paymentMethodsAndAddresses.paymentMethods ?? [];
  const quoteData = quote.data;
  const hasRecurring = quoteData?.lines.some((line) => line.interval !== null) ?? false;

  const latestDiscount = discountCode.latest;
  const details = useCallback(async (): Promise<CheckoutDetails | null> => {
    // Details taken while the code is checked again wait for the answer.
    await discountSettled();
    const appliedCode = latestDiscount.appliedCode;
    try {
      const values = await form.validateFields([
        'email',
        'fullName',
        'country',
        'line1',
        'city',
        'state',
        'postalCode',
      ]);
      const all = form.getFieldsValue(true) as FormValues;
      return {
        email: values.email.trim(),
        name: values.fullName.trim(),
        shippingAddress: {
          name: values.fullName.trim(),
          line1: values.line1,
          line2: all.line2?.trim() || null,
          city: values.city,
          state: values.state,
          postal_code: values.postalCode,
          country: values.country,
        },
        discountCode: appliedCode,
        shipUpfront: Boolean(all.shipUpfront),
      };
    } catch {
      return null;
    }
  }, [form, latestDiscount, discountSettled]);

  // If the code the shopper saw applied is no longer the one that applies, the total changed:
  // the order stops and says so rather than charge a price the shopper did not see.
  const orderDetails = useCallback(async () => {
    const seenCode = latestDiscount.appliedCode;
    const filled = await details();
    if (filled && filled.discountCode !== seenCode) throw new Error(DISCOUNT_CHANGED_MESSAGE);
    return filled;
  }, [details, latestDiscount]);

  const placing = usePlaceOrder({
    form,
    items,
    businessKey,
    quote: quoteData,
    details: orderDetails,
    onPlaced: (order) => onPlaced(order, { newCustomer: analytics.newCustomer.current }),
    element,
    elementMethod,
  });

  const paymentChosen = (paymentType: string) => {
    const address = form.getFieldsValue(['city', 'state', 'postalCode', 'country']);
    analytics.paymentChosen(
      paymentType,
      trackedAddress({ ...address, postal_code: address.postalCode }),
    );
  };
  const onElementChange = (change: PaymentElementChange) => {
    setElementMethod(change.method);
    // Other card details (or another method) than the last token was made from.
    placing.newCardDetails();
    if (change.complete) paymentChosen(change.method);
  };

  const lines = quoteData ? (titleLines ? titleLines(quoteData.lines) : quoteData.lines) : [];
  return (
    <div className="co-layout">
      <CheckoutStyles />
      {/* Before the form in the HTML: see .co-summary-first in checkout-styles.tsx. */}
      <aside className="co-aside co-panel co-summary-first" aria-labelledby="co-summary">
        <h2 id="co-summary">Order summary</h2>
        {quote.isError && <Alert type="error" showIcon title={toApiError(quote.error).message} />}
        {quoteData ? (
          <>
            <SummaryLines lines={lines} currency={quoteData.currency} />
            <div style={{ marginTop: 12 }}>
              <QuoteTotals
                quote={quoteData}
                country={country}
                balance={balanceCents(user?.balance)}
              />
            </div>
          </>
        ) : (
          !quote.isError && <p className="co-muted">Pricing your cart…</p>
        )}
      </aside>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={INITIAL_VALUES}
        onFinish={(values) => void placing.submit(values)}
        onValuesChange={(changed) => {
          if ('savedCardId' in changed || changed.payment === 'saved') paymentChosen('saved');
        }}
        scrollToFirstError
        aria-label="Checkout"
      >
        <ContactSection
          onContactBlur={() =>
            analytics.contactEntered(form.getFieldsValue(['email', 'fullName', 'country']))
          }
        />
        <ShippingSection form={form} items={items} country={country} hasRecurring={hasRecurring} />
        <DiscountSection
          codeInput={discountCode.codeInput}
          setCodeInput={discountCode.setCodeInput}
          discount={discountCode.discount}
          applyCode={applyCode}
        />
        <PaymentSection
          payment={payment}
          cards={cards}
          signedIn={Boolean(user)}
          quote={quoteData}
          element={element}
          elementMethod={elementMethod}
          onElementChange={onElementChange}
          methods={PAYMENT_METHODS}
        >
          <RenewalConsent quote={quoteData} />
          <PlaceOrderSection
            quote={quoteData}
            submitting={placing.submitting}
            progress={placing.progress}
            payError={placing.payError}
          />
        </PaymentSection>
        {extraActions?.(details)}
      </Form>
    </div>
  );
}
