// Placing the order: one idempotency key per set of order details (a double click or a retry is
// the same order), the pay-later consent recorded once per email, the business checkout polled
// until final, and the bank's confirmation step.
import { useEffect, useRef, useState } from 'react';
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
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError, type ApiError } from '@shop/shared/http/api-error';
import { useRecordBnplConsent } from '../api/bnpl-consent';
import { useStartBusinessCheckout } from '../api/business-checkout';
import { businessCheckoutDetailsQueryOptions } from '../api/business-checkout-details';
import { useBusinessCheckoutOutcome } from '../api/business-checkout-status';
import { useConfirmOrder } from '../api/confirm-order';
import { usePlaceOrderRequest } from '../api/place-order';
import {
  FIELD_NAMES,
  parseExpiry,
  type CheckoutDetails,
  type FormValues,
} from '../model/checkout-form-values';

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

async function paymentMethodFrom(
  values: FormValues,
  email: string,
  signedIn: boolean,
  consentIdFor: (email: string) => Promise<string>,
): Promise<PaymentMethodInput> {
  if (values.payment === 'saved' && values.savedCardId)
    return { type: 'saved', paymentMethodId: values.savedCardId };
  if (values.payment === 'bnpl') return { type: 'bnpl', consentId: await consentIdFor(email) };
  const { expMonth, expYear } = parseExpiry(values.cardExpiry ?? '');
  return {
    type: 'card',
    card: { number: values.cardNumber ?? '', expMonth, expYear, cvc: values.cardCvc ?? '' },
    save: signedIn && Boolean(values.saveCard),
  };
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
 * drops its key: the next click is a new order).
 */
function useBusinessCheckoutWait(
  orderKey: OrderKey,
  onPaid: (order: Order) => void,
  onProblem: (error: unknown) => void,
) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const outcome = useBusinessCheckoutOutcome(waitingFor);
  // The checkout whose outcome was acted on: the effect runs again on every render until the wait ends.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (waitingFor === null || outcome.kind === 'waiting' || handled.current === waitingFor) return;
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
    setWaitingFor(id);
  };
  return { waiting: waitingFor !== null, wait };
}

/** The bank's confirmation step: the order waiting for it, and the shopper's "Confirm payment". */
function useBankConfirmation(
  onPlaced: (order: Order) => void,
  setPayError: (message: string) => void,
) {
  const [needsConfirmation, setNeedsConfirmation] = useState<Order | null>(null);
  const confirmation = useConfirmOrder();
  function confirm() {
    if (!needsConfirmation) return;
    confirmation.mutate(needsConfirmation.id, {
      onSuccess: (confirmed) => {
        if (confirmed.status === 'paid') onPlaced(confirmed);
        else setPayError('Your bank did not confirm the payment. Please try another card.');
      },
      onError: (error) => setPayError(toApiError(error).message),
    });
  }
  return {
    needsConfirmation,
    ask: setNeedsConfirmation,
    confirm,
    confirming: confirmation.isPending,
  };
}

/**
 * What placing an order came to: an order to hand over or to confirm with the bank, a business
 * checkout to wait for, or nothing (the form is not valid).
 */
type Placed = { order: Order; confirm: boolean } | { businessCheckoutId: string } | null;

export function usePlaceOrder({
  form,
  items,
  businessKey,
  quote,
  details,
  onPlaced,
}: PlaceOrderInput) {
  const { userContext } = useShell();
  const queryClient = useQueryClient();
  const [payError, setPayError] = useState<string | null>(null);
  const orderKey = useIdempotencyKey();
  const consent = useBnplConsentId();
  const placeRequest = usePlaceOrderRequest();
  const startBusiness = useStartBusinessCheckout();
  const bank = useBankConfirmation(onPlaced, setPayError);
  const business = useBusinessCheckoutWait(orderKey, onPlaced, showProblem);

  async function place(values: FormValues): Promise<Placed> {
    const filled = await details();
    if (!filled) return null;
    const email = filled.email.toLowerCase();
    const signedIn = Boolean(userContext.user);
    const paymentMethod = await paymentMethodFrom(values, email, signedIn, consent.idFor);
    const parts = { filled, values, paymentMethod, items, sessionId: userContext.sessionId };
    if (businessKey) {
      const body = businessCheckoutBody(parts, businessKey, quote);
      const idempotencyKey = orderKey.keyFor(body);
      return { businessCheckoutId: (await startBusiness.mutateAsync({ body, idempotencyKey })).id };
    }
    const body = placeOrderBody(parts);
    const order = await placeRequest.mutateAsync({ body, idempotencyKey: orderKey.keyFor(body) });
    return { order, confirm: order.status === 'requires_action' };
  }

  function showProblem(error: unknown) {
    const problem = toApiError(error);
    setPayError(problem.message);
    const fields = fieldErrorsOf(problem);
    if (fields.length > 0) form.setFields(fields);
    if (problem.code === 'CONFLICT') consent.forget();
    // The server refunded that attempt and closed its key: the next click is a new order.
    if (problem.code === 'ORDER_NOT_COMPLETED') orderKey.forget();
  }

  const placing = useMutation({
    mutationKey: PLACING_KEY,
    mutationFn: place,
    onSuccess: (placed) => {
      if (!placed) return;
      if ('businessCheckoutId' in placed) business.wait(placed.businessCheckoutId);
      else if (placed.confirm) bank.ask(placed.order);
      else onPlaced(placed.order);
    },
    onError: showProblem,
    networkMode: 'always',
  });

  function submit(values: FormValues) {
    // Read from the mutation cache, not from a render: a second click in the same frame is ignored too.
    if (queryClient.isMutating({ mutationKey: PLACING_KEY }) > 0 || business.waiting) return;
    // Consent is recorded only for a ticked box, whatever the render timing of the checkbox.
    if (values.payment === 'bnpl' && values.bnplAccepted !== true) {
      form.setFields([{ name: 'bnplAccepted', errors: ['Please accept the pay-later terms'] }]);
      return;
    }
    setPayError(null);
    placing.mutate(values);
  }

  const submitting = placing.isPending || business.waiting || bank.confirming;
  const confirmingPayment = startBusiness.isPending || business.waiting;
  const progress = confirmingPayment ? 'Confirming your payment…' : null;
  const { confirm, needsConfirmation } = bank;
  return { submit, confirm, submitting, payError, progress, needsConfirmation };
}
