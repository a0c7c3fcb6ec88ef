// The checkout form: contact, shipping, discount, payment and the order summary. The consumer
// checkout (mf-checkout) and the partner storefronts (mf-storefront, with businessKey) both render
// it; every figure comes from the server's quote, and the server prices the order again itself.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { v4 as uuidv4 } from 'uuid';
import { ecommerceEvent, emailEnteredEvent, toGa4Item } from '../analytics/ga4';
import { readDiscountCode } from '../client-state/client-storage';
import type { CartItem } from '../contract/cart';
import type { BusinessCheckoutBody, CheckoutQuote, Order, PlaceOrderBody } from '../contract/checkout';
import type { Address, ShippingCountry } from '../contract/common';
import type { PaymentMethodInput } from '../contract/payment';
import { useShell } from '../federation/remote-root';
import { splitFullName } from '../format/full-name';
import { formatMoney } from '../format/money';
import { toApiError } from '../http/api-error';
import { deliveryEstimate } from '../rules/delivery-estimate';
import type { ShellProps } from '../shell-contract/shell-props';
import {
  checkDiscountValidity,
  confirmOrder,
  fetchBusinessCheckoutDetails,
  fetchBusinessCheckoutStatus,
  fetchSavedCards,
  isNewCustomer,
  lookupDiscount,
  placeOrder,
  recordBnplConsent,
  startBusinessCheckout,
  startCheckout,
} from './checkout-api';
import { CheckoutStyles } from './checkout-styles';
import { balanceCents, QuoteTotals, SummaryLines } from './order-summary';
import { useCheckoutQuote, useShippingOptions } from './use-checkout-quote';

export const DISCOUNT_LOOKUP_TIMEOUT_MS = 5_000;
const STATUS_POLL_MS = 1_000;

interface FormValues {
  email: string;
  fullName: string;
  country: ShippingCountry;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  shipUpfront: boolean;
  payment: 'card' | 'saved' | 'bnpl';
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
  saveCard?: boolean;
  savedCardId?: string;
  bnplAccepted?: boolean;
  marketing?: boolean;
}

/** What an extra action (the employer request) needs from the filled-in form. */
export interface CheckoutDetails {
  email: string;
  name: string;
  shippingAddress: Address;
  discountCode: string | null;
  shipUpfront: boolean;
}

export interface CheckoutFormProps {
  items: readonly CartItem[];
  /** Set on partner storefronts: the business checkout is used and its status polled. */
  businessKey?: string;
  onPlaced(order: Order, info: { newCustomer: boolean | null }): void;
  /** Extra ways to finish, e.g. asking an employer to pay; `details()` validates and returns the form. */
  extraActions?: (details: () => Promise<CheckoutDetails | null>) => ReactNode;
}

type DiscountState = { status: 'idle' | 'checking' } | { status: 'applied'; code: string; message: string } | { status: 'error'; message: string };

const POSTAL_PATTERNS: Record<ShippingCountry, { pattern: RegExp; message: string }> = {
  US: { pattern: /^\d{5}(?:-\d{4})?$/, message: 'Enter a 5-digit ZIP code' },
  CA: { pattern: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/, message: 'Enter a postal code such as K1A 0B1' },
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const [month = '', year = ''] = value.split(/\s*\/\s*|\s+/);
  return { expMonth: Number(month), expYear: Number(year) };
}

/** Server field paths ("shippingAddress.postal_code") to this form's fields. */
const FIELD_NAMES: Record<string, keyof FormValues> = {
  email: 'email',
  name: 'fullName',
  'shippingAddress.line1': 'line1',
  'shippingAddress.city': 'city',
  'shippingAddress.state': 'state',
  'shippingAddress.postal_code': 'postalCode',
  'shipping.postal_code': 'postalCode',
  'paymentMethod.card.number': 'cardNumber',
  'paymentMethod.card.expYear': 'cardExpiry',
  'paymentMethod.card.expMonth': 'cardExpiry',
  'paymentMethod.card.cvc': 'cardCvc',
  card: 'cardNumber',
};

function ecommerce(track: ShellProps['track'], name: 'begin_checkout' | 'add_payment_info', quote: CheckoutQuote, extra: Record<string, unknown> = {}) {
  const event = ecommerceEvent(name, {
    items: quote.lines.map((line) => toGa4Item({ lookupKey: line.lookupKey, title: line.title, unitAmount: line.unitAmount, quantity: line.quantity, interval: line.interval })),
    currency: quote.currency,
    valueCents: quote.total,
    extra: { coupon: quote.discountCode ?? undefined, ...extra },
  });
  track(event.event, { ecommerce: event.ecommerce });
}

export function CheckoutForm({ items, businessKey, onPlaced, extraActions }: CheckoutFormProps) {
  const { api, track, userContext, navigation } = useShell();
  const user = userContext.user;
  const [form] = Form.useForm<FormValues>();
  const country = (Form.useWatch('country', form) ?? 'US') as ShippingCountry;
  const shipUpfront = Form.useWatch('shipUpfront', form) ?? false;
  const payment = Form.useWatch('payment', form) ?? 'card';
  const email = Form.useWatch('email', form) ?? '';

  const [codeInput, setCodeInput] = useState(() => readDiscountCode(navigation.location.search, window.sessionStorage) ?? '');
  const [discount, setDiscount] = useState<DiscountState>({ status: 'idle' });
  const appliedCode = discount.status === 'applied' ? discount.code : null;
  const [submitting, setSubmitting] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [needsConfirmation, setNeedsConfirmation] = useState<Order | null>(null);
  const submittingRef = useRef(false);
  const keyRef = useRef<{ fingerprint: string; key: string } | null>(null);
  const consentRef = useRef<{ email: string; id: string } | null>(null);
  const newCustomerRef = useRef<boolean | null>(null);
  const startedFor = useRef<string | null>(null);
  const trackedRef = useRef({ begin: false, paymentInfo: false });

  const validEmail = EMAIL_PATTERN.test(email.trim()) ? email.trim().toLowerCase() : undefined;
  const quote = useCheckoutQuote({ items, country, shipUpfront, discountCode: appliedCode, email: validEmail, businessKey });
  const shippingOptions = useShippingOptions(items, country);
  const savedCards = useQuery({ queryKey: ['saved-cards', user?.email], queryFn: () => fetchSavedCards(api), enabled: Boolean(user), staleTime: 60_000 });
  const cards = savedCards.data?.paymentMethodsAndAddresses.paymentMethods ?? [];
  const hasRecurring = quote.data?.lines.some((line) => line.interval !== null) ?? false;
  const estimate = useMemo(() => deliveryEstimate(new Date(), country).label, [country]);

  // Prefill from the account: name, email, saved address and the default card.
  useEffect(() => {
    if (!user) return;
    form.setFieldsValue({ email: form.getFieldValue('email') || user.email, fullName: form.getFieldValue('fullName') || user.name });
  }, [user, form]);
  useEffect(() => {
    const saved = savedCards.data;
    if (!saved) return;
    const address = saved.paymentMethodsAndAddresses.shippingAddress;
    if (address && !form.getFieldValue('line1')) {
      form.setFieldsValue({ country: address.country, line1: address.line1, line2: address.line2 ?? '', city: address.city, state: address.state, postalCode: address.postal_code });
    }
    const preferred = saved.paymentMethodsAndAddresses.paymentMethods.find((card) => card.isDefault) ?? saved.paymentMethodsAndAddresses.paymentMethods[0];
    if (preferred && !form.getFieldValue('savedCardId')) form.setFieldsValue({ payment: 'saved', savedCardId: preferred.id });
  }, [savedCards.data, form]);

  useEffect(() => {
    if (quote.data && !trackedRef.current.begin) {
      trackedRef.current.begin = true;
      ecommerce(track, 'begin_checkout', quote.data);
    }
  }, [quote.data, track]);

  const applyCode = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return setDiscount({ status: 'idle' });
      const base = quote.data;
      if (!base) return;
      setDiscount({ status: 'checking' });
      const found = await lookupDiscount(api, code, { businessKey, email: validEmail, timeoutMs: DISCOUNT_LOOKUP_TIMEOUT_MS });
      if (!found) return setDiscount({ status: 'error', message: `We could not find the code ${code}.` });
      try {
        const validity = await checkDiscountValidity(api, code, {
          email: validEmail,
          sum: base.subtotal,
          priceIds: base.lines.map((line) => line.priceId),
          businessKey,
        });
        setDiscount(
          validity.valid
            ? { status: 'applied', code, message: `${code} applied: −${formatMoney(validity.discountAmount, base.currency)}` }
            : { status: 'error', message: validity.message ?? 'This code cannot be used for this order.' },
        );
      } catch (error) {
        setDiscount({ status: 'error', message: toApiError(error).message });
      }
    },
    [api, businessKey, quote.data, validEmail],
  );

  // A code from the URL (?discount=) or stored earlier in the visit is tried once the cart is priced.
  const autoApplied = useRef(false);
  useEffect(() => {
    if (!autoApplied.current && quote.data && codeInput) {
      autoApplied.current = true;
      void applyCode(codeInput);
    }
  }, [quote.data, codeInput, applyCode]);

  // An email-restricted code is checked again when the email changes.
  const lastCheckedEmail = useRef(validEmail);
  useEffect(() => {
    if (lastCheckedEmail.current === validEmail) return;
    lastCheckedEmail.current = validEmail;
    if (discount.status === 'applied' || discount.status === 'error') void applyCode(codeInput);
  }, [validEmail, discount.status, codeInput, applyCode]);

  function onContactBlur() {
    const values = form.getFieldsValue(['email', 'fullName', 'country']);
    const address = values.email?.trim().toLowerCase();
    if (!address || !EMAIL_PATTERN.test(address) || !values.fullName?.trim() || startedFor.current === address) return;
    startedFor.current = address;
    const { firstName, lastName } = splitFullName(values.fullName);
    const entered = emailEnteredEvent(businessKey ? 'storefront-checkout' : 'checkout');
    track(entered.event, { form: entered.form });
    void startCheckout(api, { email: address, country: values.country ?? 'US', first_name: firstName, last_name: lastName, event_name: entered.event }).catch(() => undefined);
    newCustomerRef.current = null;
    void isNewCustomer(api, address).then(
      (isNew) => {
        if (startedFor.current === address) newCustomerRef.current = isNew;
      },
      () => undefined,
    );
  }

  function onPaymentInteraction() {
    if (trackedRef.current.paymentInfo || !quote.data) return;
    trackedRef.current.paymentInfo = true;
    ecommerce(track, 'add_payment_info', quote.data, { payment_type: form.getFieldValue('payment') ?? 'card' });
  }

  const details = useCallback(async (): Promise<CheckoutDetails | null> => {
    try {
      const values = await form.validateFields(['email', 'fullName', 'country', 'line1', 'city', 'state', 'postalCode']);
      const all = form.getFieldsValue(true) as FormValues;
      return {
        email: values.email.trim(),
        name: values.fullName.trim(),
        shippingAddress: { name: values.fullName.trim(), line1: values.line1, line2: all.line2?.trim() || null, city: values.city, state: values.state, postal_code: values.postalCode, country: values.country },
        discountCode: appliedCode,
        shipUpfront: Boolean(all.shipUpfront),
      };
    } catch {
      return null;
    }
  }, [form, appliedCode]);

  function keyFor(body: unknown): string {
    // The same order details keep their key (a double click, a retry after a timeout); new details get a new one.
    const fingerprint = JSON.stringify(body);
    if (keyRef.current?.fingerprint !== fingerprint) keyRef.current = { fingerprint, key: uuidv4() };
    return keyRef.current.key;
  }

  async function paymentMethodFrom(values: FormValues, emailAddress: string): Promise<PaymentMethodInput> {
    if (values.payment === 'saved' && values.savedCardId) return { type: 'saved', paymentMethodId: values.savedCardId };
    if (values.payment === 'bnpl') {
      if (consentRef.current?.email !== emailAddress) {
        const consent = await recordBnplConsent(api, { sessionId: userContext.sessionId, email: emailAddress });
        consentRef.current = { email: emailAddress, id: consent.id };
      }
      return { type: 'bnpl', consentId: consentRef.current.id };
    }
    const { expMonth, expYear } = parseExpiry(values.cardExpiry ?? '');
    return { type: 'card', card: { number: values.cardNumber ?? '', expMonth, expYear, cvc: values.cardCvc ?? '' }, save: Boolean(user && values.saveCard) };
  }

  const finish = (order: Order) => onPlaced(order, { newCustomer: newCustomerRef.current });

  async function pollBusiness(id: string): Promise<void> {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const status = await fetchBusinessCheckoutStatus(api, id);
      if (status.final) {
        if (status.status === 'failed') {
          keyRef.current = null;
          throw new Error(status.failureMessage ?? 'The payment could not be completed.');
        }
        return finish(await fetchBusinessCheckoutDetails(api, id));
      }
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
    throw new Error('Your payment is still being processed. We will email you when it is confirmed.');
  }

  async function onFinish(values: FormValues) {
    if (submittingRef.current) return;
    // Consent is recorded only for a ticked box, whatever the render timing of the checkbox.
    if (values.payment === 'bnpl' && values.bnplAccepted !== true) {
      form.setFields([{ name: 'bnplAccepted', errors: ['Please accept the pay-later terms'] }]);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    setPayError(null);
    try {
      const filled = await details();
      if (!filled) return;
      const paymentMethod = await paymentMethodFrom(values, filled.email.toLowerCase());
      if (businessKey) {
        const body: BusinessCheckoutBody = {
          email: filled.email,
          name: filled.name,
          products: [...items],
          shipping: filled.shippingAddress,
          sessionId: userContext.sessionId,
          discount: filled.discountCode,
          shipUpfront: filled.shipUpfront,
          shippingCost: quote.data?.shipping,
          businessKey,
          paymentMethod,
          bnpl: paymentMethod.type === 'bnpl',
          marketingEnabled: Boolean(values.marketing),
        };
        setProgress('Confirming your payment…');
        const started = await startBusinessCheckout(api, body, keyFor(body));
        await pollBusiness(started.id);
        return;
      }
      const body: PlaceOrderBody = {
        email: filled.email,
        name: filled.name,
        items: [...items],
        shippingAddress: filled.shippingAddress,
        discountCode: filled.discountCode,
        shipUpfront: filled.shipUpfront,
        paymentMethod,
        sessionId: userContext.sessionId,
        marketingEnabled: Boolean(values.marketing),
      };
      const order = await placeOrder(api, body, keyFor(body));
      if (order.status === 'requires_action') setNeedsConfirmation(order);
      else finish(order);
    } catch (error) {
      const problem = toApiError(error);
      setPayError(problem.message);
      const fields = Object.entries(problem.fields).flatMap(([path, message]) => {
        const name = FIELD_NAMES[path];
        return name ? [{ name, errors: [message] }] : [];
      });
      if (fields.length > 0) form.setFields(fields);
      if (problem.code === 'CONFLICT') consentRef.current = null;
      // The server refunded that attempt and closed its key: the next click is a new order.
      if (problem.code === 'ORDER_NOT_COMPLETED') keyRef.current = null;
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
      setProgress(null);
    }
  }

  async function onConfirm() {
    if (!needsConfirmation) return;
    setSubmitting(true);
    try {
      const confirmed = await confirmOrder(api, needsConfirmation.id);
      if (confirmed.status === 'paid') finish(confirmed);
      else setPayError('Your bank did not confirm the payment. Please try another card.');
    } catch (error) {
      setPayError(toApiError(error).message);
    } finally {
      setSubmitting(false);
    }
  }

  const postal = POSTAL_PATTERNS[country];
  const quoteData = quote.data;
  const balance = balanceCents(user?.balance);

  return (
    <div className="co-layout">
      <CheckoutStyles />
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ country: 'US', shipUpfront: false, payment: 'card', saveCard: false, marketing: false }}
        onFinish={onFinish}
        onValuesChange={(changed) => {
          if ('payment' in changed || 'cardNumber' in changed || 'savedCardId' in changed) onPaymentInteraction();
        }}
        scrollToFirstError
        aria-label="Checkout"
      >
        <section className="co-panel" aria-labelledby="co-contact">
          <h2 id="co-contact">Contact</h2>
          <div className="co-row co-row-2">
            <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Please enter your email' }, { pattern: EMAIL_PATTERN, message: 'Please enter a valid email' }]}>
              <Input type="email" autoComplete="email" onBlur={onContactBlur} />
            </Form.Item>
            <Form.Item label="Full name" name="fullName" rules={[{ required: true, whitespace: true, message: 'Please enter your full name' }]}>
              <Input autoComplete="name" onBlur={onContactBlur} />
            </Form.Item>
          </div>
          <Form.Item name="marketing" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>Email me news and offers</Checkbox>
          </Form.Item>
        </section>

        <section className="co-panel" aria-labelledby="co-shipping">
          <h2 id="co-shipping">Shipping</h2>
          <Form.Item label="Country" name="country" rules={[{ required: true }]}>
            <Select
              options={[
                { value: 'US', label: 'United States' },
                { value: 'CA', label: 'Canada' },
              ]}
              onChange={() => form.validateFields(['postalCode']).catch(() => undefined)}
              aria-label="Country"
            />
          </Form.Item>
          <Form.Item label="Address" name="line1" rules={[{ required: true, whitespace: true, message: 'Please enter an address' }]}>
            <Input autoComplete="address-line1" />
          </Form.Item>
          <Form.Item label="Apartment, suite (optional)" name="line2">
            <Input autoComplete="address-line2" />
          </Form.Item>
          <div className="co-row co-row-3">
            <Form.Item label="City" name="city" rules={[{ required: true, whitespace: true, message: 'Please enter a city' }]}>
              <Input autoComplete="address-level2" />
            </Form.Item>
            <Form.Item label={country === 'CA' ? 'Province' : 'State'} name="state" rules={[{ required: true, min: 2, message: country === 'CA' ? 'Please enter a province' : 'Please enter a state' }]}>
              <Input autoComplete="address-level1" />
            </Form.Item>
            <Form.Item label={country === 'CA' ? 'Postal code' : 'ZIP code'} name="postalCode" rules={[{ required: true, message: postal.message }, { pattern: postal.pattern, message: postal.message }]}>
              <Input autoComplete="postal-code" />
            </Form.Item>
          </div>
          <p className="co-estimate" data-testid="delivery-estimate">
            {estimate}
          </p>
          {hasRecurring && (
            <Form.Item name="shipUpfront" label="Delivery of your subscription kits" style={{ marginBottom: 0 }}>
              <Radio.Group>
                <Radio value={false}>
                  One kit each period{shippingOptions.data ? ` (${formatMoney(shippingOptions.data.standard)} now)` : ''}
                </Radio>
                <Radio value={true}>
                  Ship all kits upfront in one parcel{shippingOptions.data ? ` (${formatMoney(shippingOptions.data.upfront)})` : ''}
                </Radio>
              </Radio.Group>
            </Form.Item>
          )}
        </section>

        <section className="co-panel" aria-labelledby="co-discount">
          <h2 id="co-discount">Discount code</h2>
          <div style={{ display: 'flex', gap: 8 }}>
            <Input
              id="co-discount-code"
              aria-labelledby="co-discount"
              value={codeInput}
              onChange={(event) => setCodeInput(event.target.value)}
              onPressEnter={(event) => {
                event.preventDefault();
                void applyCode(codeInput);
              }}
              autoComplete="off"
            />
            <button type="button" className="co-link-button" onClick={() => void applyCode(codeInput)} disabled={discount.status === 'checking'}>
              {discount.status === 'checking' ? 'Checking…' : 'Apply'}
            </button>
          </div>
          <div aria-live="polite">
            {discount.status === 'applied' && <p className="co-note co-discount" data-testid="discount-message">{discount.message}</p>}
            {discount.status === 'error' && (
              <p className="co-note" role="alert" data-testid="discount-message" style={{ color: '#a61d24' }}>
                {discount.message}
              </p>
            )}
          </div>
        </section>

        <section className="co-panel" aria-labelledby="co-payment">
          <h2 id="co-payment">Payment</h2>
          <Form.Item name="payment" label="How would you like to pay?">
            <Radio.Group>
              {cards.length > 0 && <Radio value="saved">Saved card</Radio>}
              <Radio value="card">{cards.length > 0 ? 'New card' : 'Card'}</Radio>
              <Radio value="bnpl">Pay later in 4 instalments</Radio>
            </Radio.Group>
          </Form.Item>
          {payment === 'saved' && cards.length > 0 && (
            <Form.Item name="savedCardId" label="Card" rules={[{ required: true, message: 'Please choose a card' }]}>
              <Radio.Group>
                {cards.map((card) => (
                  <Radio key={card.id} value={card.id}>
                    {card.brand === 'unknown' ? 'Card' : card.brand[0]!.toUpperCase() + card.brand.slice(1)} •••• {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          )}
          {payment === 'card' && (
            <>
              <Form.Item label="Card number" name="cardNumber" rules={[{ required: true, message: 'Please enter your card number' }, { pattern: /^[\d\s-]{12,23}$/, message: 'Card number must be 12 to 19 digits' }]}>
                <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
              </Form.Item>
              <div className="co-row co-row-2">
                <Form.Item label="Expiry (MM/YY)" name="cardExpiry" rules={[{ required: true, message: 'Please enter the expiry date' }, { pattern: /^\s*(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/, message: 'Use MM/YY' }]}>
                  <Input autoComplete="cc-exp" placeholder="MM/YY" />
                </Form.Item>
                <Form.Item label="CVC" name="cardCvc" rules={[{ required: true, message: 'Please enter the CVC' }, { pattern: /^\d{3,4}$/, message: 'CVC must be 3 or 4 digits' }]}>
                  <Input inputMode="numeric" autoComplete="cc-csc" />
                </Form.Item>
              </div>
              {user && (
                <Form.Item name="saveCard" valuePropName="checked">
                  <Checkbox>Save this card to my account</Checkbox>
                </Form.Item>
              )}
            </>
          )}
          {payment === 'bnpl' && (
            <>
              <div className="co-terms" id="co-bnpl-terms">
                Pay {quoteData ? formatMoney(Math.ceil(quoteData.total / 4), quoteData.currency) : 'a quarter'} today and the rest in 3 payments every 2 weeks, with no
                interest. A missed payment may incur a late fee. Approval is subject to a check by our pay-later partner.
              </div>
              <Form.Item
                name="bnplAccepted"
                valuePropName="checked"
                rules={[{ required: true, validator: (_, value) => (value === true ? Promise.resolve() : Promise.reject(new Error('Please accept the pay-later terms'))) }]}
              >
                <Checkbox aria-describedby="co-bnpl-terms">I have read and accept the pay-later terms</Checkbox>
              </Form.Item>
            </>
          )}
          {payError && <Alert type="error" showIcon title={payError} role="alert" data-testid="payment-error" style={{ marginBottom: 16 }} />}
          {needsConfirmation && (
            <div className="co-terms" role="alert">
              <p style={{ margin: '0 0 8px' }}>{needsConfirmation.payment?.nextAction?.message ?? 'Your bank asks you to confirm this payment.'}</p>
              <button type="button" className="co-cta" onClick={() => void onConfirm()} disabled={submitting}>
                Confirm payment
              </button>
            </div>
          )}
          {!needsConfirmation && (
            <button type="submit" className="co-cta" disabled={submitting || !quoteData} aria-busy={submitting} data-testid="place-order">
              {submitting ? (progress ?? 'Placing your order…') : `Place order${quoteData ? ` · ${formatMoney(quoteData.total, quoteData.currency)}` : ''}`}
            </button>
          )}
          <p className="co-note">Your card is charged by our payment provider; we keep only its brand and last four digits.</p>
        </section>
        {extraActions?.(details)}
      </Form>

      <aside className="co-aside co-panel co-summary-first" aria-labelledby="co-summary">
        <h2 id="co-summary">Order summary</h2>
        {quote.isError && <Alert type="error" showIcon title={toApiError(quote.error).message} />}
        {quoteData ? (
          <>
            <SummaryLines lines={quoteData.lines} currency={quoteData.currency} />
            <div style={{ marginTop: 12 }}>
              <QuoteTotals quote={quoteData} country={country} balance={balance} />
            </div>
          </>
        ) : (
          !quote.isError && <p className="co-muted">Pricing your cart…</p>
        )}
      </aside>
    </div>
  );
}
