// Placing the order: one idempotency key per set of order details (a double click or a retry is
// the same order), the pay-later consent recorded once per email, the provider's token taken from
// its element, the business checkout polled until final, and the bank's step finished in the
// provider's own code before our API is asked to confirm (it decides from the provider's state).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import type {
  PaymentElementHandle,
  PaymentElementMethod,
} from '@shop/shared/payments/payment-element';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError, type ApiError } from '@shop/shared/http/api-error';
import { useRecordBnplConsent } from '../api/bnpl-consent';
import { useStartBusinessCheckout } from '../api/business-checkout';
import { businessCheckoutDetailsQueryOptions } from '../api/business-checkout-details';
import { useBusinessCheckoutOutcome } from '../api/business-checkout-status';
import { confirmOrder, useConfirmOrder } from '../api/confirm-order';
import { usePlaceOrderRequest } from '../api/place-order';
import { FIELD_NAMES, type CheckoutDetails, type FormValues } from '../model/checkout-form-values';
import {
  RENEWAL_CONSENT_MISSING,
  renewalTermsOfQuote,
  subscriptionConsentOf,
} from '../model/renewal-consent';

/** While an order of this form is on its way, another click on "Place order" is ignored. */
const PLACING_KEY = ['checkout', 'placing'];

export interface PlaceOrderInput {
  form: FormInstance<FormValues>;
  items: readonly CartItem[];
  businessKey?: string;
  quote: CheckoutQuote | undefined;
  /** Validates the form and returns its details, or null. */
  details(): Promise<CheckoutDetails | null>;
  onPlaced(order: Order): void;
  /** The payment step's provider element, and the method chosen in it. */
  element: RefObject<PaymentElementHandle | null>;
  elementMethod: PaymentElementMethod;
}

/** The same order details keep their key (a double click, a retry after a timeout); new details get a new one. */
function useIdempotencyKey(): OrderKey {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const fingerprint = JSON.stringify(body);
      if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: uuidv4() };
      return last.current.key;
    },
    forget() {
      last.current = null;
    },
  };
}

/** The pay-later consent's id, recorded once per email (a retry with the same email reuses it). */
function useBnplConsentId() {
  const { userContext } = useShell();
  const record = useRecordBnplConsent();
  const last = useRef<{ email: string; id: string } | null>(null);
  return {
    async idFor(email: string): Promise<string> {
      if (last.current?.email !== email) {
        const consent = await record.mutateAsync({ sessionId: userContext.sessionId, email });
        last.current = { email, id: consent.id };
      }
      return last.current.id;
    },
    forget() {
      last.current = null;
    },
  };
}

/**
 * The element's token for these details. It is kept for a retry whose first answer never arrived
 * (the same token gives the same body, so the same idempotency key: one order); new card details
 * or a definite answer from our API drop it, and the next attempt asks the element again.
 */
function useElementToken(element: RefObject<PaymentElementHandle | null>) {
  const kept = useRef<string | null>(null);
  return {
    async take(): Promise<string> {
      if (kept.current) return kept.current;
      const result = (await element.current?.createToken()) ?? {
        error: 'The card form is still loading. Please try again in a moment.',
      };
      if ('error' in result) throw new Error(result.error);
      kept.current = result.token;
      return result.token;
    },
    forget() {
      kept.current = null;
    },
  };
}

async function paymentMethodFrom(
  values: FormValues,
  { email, signedIn, method }: { email: string; signedIn: boolean; method: PaymentElementMethod },
  consentIdFor: (email: string) => Promise<string>,
  token: () => Promise<string>,
): Promise<PaymentMethodInput> {
  if (values.payment === 'saved' && values.savedCardId)
    return { type: 'saved', paymentMethodId: values.savedCardId };
  if (method === 'bnpl') {
    const consentId = await consentIdFor(email);
    return { type: 'bnpl', consentId, token: await token() };
  }
  return { type: 'token', token: await token(), save: signedIn && Boolean(values.saveCard) };
}

interface OrderParts {
  filled: CheckoutDetails;
  values: FormValues;
  paymentMethod: PaymentMethodInput;
  items: readonly CartItem[];
  sessionId: string;
}

function placeOrderBody({
  filled,
  values,
  paymentMethod,
  items,
  sessionId,
}: OrderParts): PlaceOrderBody {
  return {
    email: filled.email,
    name: filled.name,
    items: [...items],
    shippingAddress: filled.shippingAddress,
    discountCode: filled.discountCode,
    shipUpfront: filled.shipUpfront,
    paymentMethod,
    sessionId,
    marketingEnabled: Boolean(values.marketing),
    subscriptionConsent: subscriptionConsentOf(values),
  };
}

function businessCheckoutBody(
  { filled, values, paymentMethod, items, sessionId }: OrderParts,
  businessKey: string,
  quote: CheckoutQuote | undefined,
): BusinessCheckoutBody {
  return {
    email: filled.email,
    name: filled.name,
    products: [...items],
    shipping: filled.shippingAddress,
    sessionId,
    discount: filled.discountCode,
    shipUpfront: filled.shipUpfront,
    shippingCost: quote?.shipping,
    businessKey,
    paymentMethod,
    bnpl: paymentMethod.type === 'bnpl',
    marketingEnabled: Boolean(values.marketing),
    subscriptionConsent: subscriptionConsentOf(values),
  };
}

/** The form's fields the server named in its error, with their messages. */
function fieldErrorsOf(problem: ApiError) {
  return Object.entries(problem.fields).flatMap(([path, message]) => {
    const name = FIELD_NAMES[path];
    return name ? [{ name, errors: [message] }] : [];
  });
}

interface OrderKey {
  keyFor(body: unknown): string;
  forget(): void;
}

/**
 * Waits for a started business checkout to be final (its status polled): a paid one's details go
 * to `onPaid`, a failed payment, a failed read or a wait too long to `onProblem` (a failed payment
 * drops its key: the next click is a new order). A payment the bank holds is finished with the
 * provider's code, then confirmed, and the wait goes on.
 */
function useBusinessCheckoutWait(
  orderKey: OrderKey,
  element: RefObject<PaymentElementHandle | null>,
  onPaid: (order: Order) => void,
  onProblem: (error: unknown) => void,
) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const outcome = useBusinessCheckoutOutcome(waitingFor);
  // The checkout whose outcome was acted on: the effect runs again on every render until the wait ends.
  const handled = useRef<string | null>(null);
  // The bank's step already run (by client secret), so a re-render does not open it twice.
  const actedOn = useRef<string | null>(null);
  useEffect(() => {
    if (waitingFor === null || outcome.kind !== 'action') return;
    const { clientSecret } = outcome.nextAction;
    if (actedOn.current === clientSecret) return;
    actedOn.current = clientSecret;
    void (async () => {
      const bank = (await element.current?.handleNextAction(clientSecret)) ?? {
        error: NOT_CONFIRMED,
      };
      try {
        await confirmOrder(api, waitingFor);
        if (bank.error) throw new Error(bank.error);
      } catch (error) {
        onProblem(error);
        setWaitingFor(null);
        return;
      }
      await queryClient.refetchQueries({ queryKey: ['business-checkout-status', waitingFor] });
    })();
  }, [waitingFor, outcome, api, queryClient, element, onProblem]);
  useEffect(() => {
    if (waitingFor === null || outcome.kind === 'waiting' || outcome.kind === 'action') return;
    if (handled.current === waitingFor) return;
    handled.current = waitingFor;
    const finished = () => setWaitingFor(null);
    if (outcome.kind === 'final' && outcome.status.status !== 'failed') {
      const details = businessCheckoutDetailsQueryOptions(api, waitingFor);
      void queryClient.fetchQuery(details).then(onPaid, onProblem).finally(finished);
      return;
    }
    if (outcome.kind === 'final') orderKey.forget();
    onProblem(
      outcome.kind === 'unknown'
        ? outcome.error
        : new Error(outcome.status.failureMessage ?? 'The payment could not be completed.'),
    );
    finished();
  }, [waitingFor, outcome, api, queryClient, orderKey, onPaid, onProblem]);
  const wait = (id: string) => {
    handled.current = null;
    actedOn.current = null;
    setWaitingFor(id);
  };
  return { waiting: waitingFor !== null, wait };
}

const NOT_CONFIRMED =
  'Your bank did not confirm the payment. Please try again or use another card.';

/**
 * The bank's step of a consumer order (3-D Secure, a pay-later redirect): the provider's code
 * finishes it, then our API confirms from the provider's own state. An order the bank still holds
 * keeps its key, so the next click replays it and opens the step again.
 */
function useBankStep(element: RefObject<PaymentElementHandle | null>) {
  const confirmation = useConfirmOrder();
  const [inBankStep, setInBankStep] = useState(false);
  async function finish(order: Order): Promise<Order> {
    const clientSecret = order.payment?.nextAction?.clientSecret;
    if (order.status !== 'requires_action' || !clientSecret) return order;
    setInBankStep(true);
    try {
      const bank = (await element.current?.handleNextAction(clientSecret)) ?? {
        error: NOT_CONFIRMED,
      };
      const confirmed = await confirmation.mutateAsync(order.id);
      if (confirmed.status === 'requires_action') throw new Error(bank.error ?? NOT_CONFIRMED);
      return confirmed;
    } finally {
      setInBankStep(false);
    }
  }
  return { finish, inBankStep };
}

/**
 * What placing an order came to: an order to hand over (paid, or settling with the provider), a
 * business checkout to wait for, or nothing (the form is not valid).
 */
type Placed = { order: Order } | { businessCheckoutId: string } | null;

/**
 * A box the order needs and the shopper has not ticked, whatever the render timing of the
 * checkbox: the pay-later terms for pay later, the renewal terms for a recurring line.
 */
function missingConsent(
  values: FormValues,
  method: PaymentElementMethod,
  quote: CheckoutQuote | undefined,
) {
  if (values.payment !== 'saved' && method === 'bnpl' && values.bnplAccepted !== true)
    return { name: 'bnplAccepted' as const, errors: ['Please accept the pay-later terms'] };
  if (renewalTermsOfQuote(quote) !== null && values.subscriptionConsent !== true)
    return { name: 'subscriptionConsent' as const, errors: [RENEWAL_CONSENT_MISSING] };
  return null;
}

function progressOf(inBankStep: boolean, confirmingPayment: boolean): string | null {
  if (inBankStep) return 'Waiting for your bank…';
  return confirmingPayment ? 'Confirming your payment…' : null;
}

export function usePlaceOrder({
  form,
  items,
  businessKey,
  quote,
  details,
  onPlaced,
  element,
  elementMethod,
}: PlaceOrderInput) {
  const { userContext } = useShell();
  const queryClient = useQueryClient();
  const [payError, setPayError] = useState<string | null>(null);
  const orderKey = useIdempotencyKey();
  const consent = useBnplConsentId();
  const token = useElementToken(element);
  const placeRequest = usePlaceOrderRequest();
  const startBusiness = useStartBusinessCheckout();
  const bank = useBankStep(element);
  const business = useBusinessCheckoutWait(orderKey, element, onPlaced, showProblem);

  async function place(values: FormValues): Promise<Placed> {
    const filled = await details();
    if (!filled) return null;
    const email = filled.email.toLowerCase();
    const signedIn = Boolean(userContext.user);
    const paymentMethod = await paymentMethodFrom(
      values,
      { email, signedIn, method: elementMethod },
      consent.idFor,
      token.take,
    );
    const parts = { filled, values, paymentMethod, items, sessionId: userContext.sessionId };
    if (businessKey) {
      const body = businessCheckoutBody(parts, businessKey, quote);
      const idempotencyKey = orderKey.keyFor(body);
      return { businessCheckoutId: (await startBusiness.mutateAsync({ body, idempotencyKey })).id };
    }
    const body = placeOrderBody(parts);
    const order = await placeRequest.mutateAsync({ body, idempotencyKey: orderKey.keyFor(body) });
    return { order: await bank.finish(order) };
  }

  function showProblem(error: unknown) {
    const problem = toApiError(error);
    setPayError(problem.message);
    const fields = fieldErrorsOf(problem);
    if (fields.length > 0) form.setFields(fields);
    if (problem.code === 'CONFLICT') consent.forget();
    // Our API answered (a decline, a refusal): that token is spent or refused. With no answer (or
    // a 5xx) the outcome is unknown, and a retry sends the same token and key to learn it.
    if (problem.status !== null && problem.status < 500) token.forget();
    // The server refunded that attempt and closed its key: the next click is a new order.
    if (problem.code === 'ORDER_NOT_COMPLETED') orderKey.forget();
  }

  const placing = useMutation({
    mutationKey: PLACING_KEY,
    mutationFn: place,
    onSuccess: (placed) => {
      if (!placed) return;
      if ('businessCheckoutId' in placed) business.wait(placed.businessCheckoutId);
      else if (placed.order.status === 'failed') {
        // The bank refused this order's payment: the next click is a new order with new details.
        orderKey.forget();
        token.forget();
        setPayError(placed.order.payment?.failureMessage ?? NOT_CONFIRMED);
      } else onPlaced(placed.order);
    },
    onError: showProblem,
    networkMode: 'always',
  });

  function submit(values: FormValues) {
    // Read from the mutation cache, not from a render: a second click in the same frame is ignored too.
    if (queryClient.isMutating({ mutationKey: PLACING_KEY }) > 0 || business.waiting) return;
    // Consent is recorded only for a ticked box.
    const missing = missingConsent(values, elementMethod, quote);
    if (missing) {
      form.setFields([missing]);
      return;
    }
    setPayError(null);
    placing.mutate(values);
  }

  const submitting = placing.isPending || business.waiting;
  const progress = progressOf(bank.inBankStep, startBusiness.isPending || business.waiting);
  return { submit, submitting, payError, progress, newCardDetails: token.forget };
}
