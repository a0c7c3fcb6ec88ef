// Placing the order: one idempotency key per set of order details (a double click or a retry is
// the same order), the pay-later consent recorded once per email, the business checkout polled
// until final, and the bank's confirmation step.
import { useRef, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { v4 as uuidv4 } from 'uuid';
import type { CartItem } from '@shop/shared/contract/cart';
import type {
  BusinessCheckoutBody,
  CheckoutQuote,
  Order,
  PlaceOrderBody,
} from '@shop/shared/contract/checkout';
import type { PaymentMethodInput } from '@shop/shared/contract/payment';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { recordBnplConsent } from '../api/bnpl-consent';
import { startBusinessCheckout } from '../api/business-checkout';
import { fetchBusinessCheckoutDetails } from '../api/business-checkout-details';
import { fetchBusinessCheckoutStatus } from '../api/business-checkout-status';
import { confirmOrder } from '../api/confirm-order';
import { placeOrder } from '../api/place-order';
import {
  FIELD_NAMES,
  parseExpiry,
  type CheckoutDetails,
  type FormValues,
} from '../model/checkout-form-values';

const STATUS_POLL_MS = 1_000;

export interface PlaceOrderInput {
  form: FormInstance<FormValues>;
  items: readonly CartItem[];
  businessKey?: string;
  quote: CheckoutQuote | undefined;
  /** Validates the form and returns its details, or null. */
  details(): Promise<CheckoutDetails | null>;
  onPlaced(order: Order): void;
}

export function usePlaceOrder({
  form,
  items,
  businessKey,
  quote,
  details,
  onPlaced,
}: PlaceOrderInput) {
  const { api, userContext } = useShell();
  const user = userContext.user;
  const [submitting, setSubmitting] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [needsConfirmation, setNeedsConfirmation] = useState<Order | null>(null);
  const submittingRef = useRef(false);
  const keyRef = useRef<{ fingerprint: string; key: string } | null>(null);
  const consentRef = useRef<{ email: string; id: string } | null>(null);

  function keyFor(body: unknown): string {
    // The same order details keep their key (a double click, a retry after a timeout); new details get a new one.
    const fingerprint = JSON.stringify(body);
    if (keyRef.current?.fingerprint !== fingerprint)
      keyRef.current = { fingerprint, key: uuidv4() };
    return keyRef.current.key;
  }

  async function paymentMethodFrom(
    values: FormValues,
    emailAddress: string,
  ): Promise<PaymentMethodInput> {
    if (values.payment === 'saved' && values.savedCardId)
      return { type: 'saved', paymentMethodId: values.savedCardId };
    if (values.payment === 'bnpl') {
      if (consentRef.current?.email !== emailAddress) {
        const consent = await recordBnplConsent(api, {
          sessionId: userContext.sessionId,
          email: emailAddress,
        });
        consentRef.current = { email: emailAddress, id: consent.id };
      }
      return { type: 'bnpl', consentId: consentRef.current.id };
    }
    const { expMonth, expYear } = parseExpiry(values.cardExpiry ?? '');
    return {
      type: 'card',
      card: { number: values.cardNumber ?? '', expMonth, expYear, cvc: values.cardCvc ?? '' },
      save: Boolean(user && values.saveCard),
    };
  }

  async function pollBusiness(id: string): Promise<void> {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const status = await fetchBusinessCheckoutStatus(api, id);
      if (status.final) {
        if (status.status === 'failed') {
          keyRef.current = null;
          throw new Error(status.failureMessage ?? 'The payment could not be completed.');
        }
        return onPlaced(await fetchBusinessCheckoutDetails(api, id));
      }
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
    throw new Error(
      'Your payment is still being processed. We will email you when it is confirmed.',
    );
  }

  async function submit(values: FormValues) {
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
          shippingCost: quote?.shipping,
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
      else onPlaced(order);
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

  async function confirm() {
    if (!needsConfirmation) return;
    setSubmitting(true);
    try {
      const confirmed = await confirmOrder(api, needsConfirmation.id);
      if (confirmed.status === 'paid') onPlaced(confirmed);
      else setPayError('Your bank did not confirm the payment. Please try another card.');
    } catch (error) {
      setPayError(toApiError(error).message);
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, confirm, submitting, payError, progress, needsConfirmation };
}
