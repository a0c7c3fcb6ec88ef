// The checkout calls of spec §7, typed by the API contract. Plain functions over the shell's
// clients, so the consumer checkout, the partner storefronts and the thank-you page share them.
import type { CartItem } from '../contract/cart';
import type {
  BnplConsent,
  BusinessCheckoutBody,
  BusinessCheckoutStatus,
  CheckoutQuote,
  CheckoutQuoteBody,
  CheckoutStartBody,
  EmployerPaymentBody,
  EmployerPaymentView,
  Order,
  PlaceOrderBody,
} from '../contract/checkout';
import { BNPL_TERMS_VERSION, IDEMPOTENCY_KEY_HEADER } from '../contract/checkout';
import type { Discount, DiscountValidity } from '../contract/discounts';
import { API_PATHS, buildPath } from '../contract/paths';
import type { EmployerFormBody, EmployerFormResponse, IsNewCustomerResponse, PaymentMethodsResponse } from '../contract/user';
import type { ApiClients } from '../shell-contract/shell-props';

export async function fetchQuote(api: ApiClients, body: CheckoutQuoteBody): Promise<CheckoutQuote> {
  return (await api.payments.post<CheckoutQuote>(API_PATHS.checkoutQuote, body)).data;
}

/** One key per kit, as the shipping-cost call counts kits by the keys it is given. */
export function shippingLookupKeys(items: readonly CartItem[]): string {
  return items.flatMap((item) => Array.from({ length: item.quantity }, () => item.lookupKey)).join(',');
}

export async function fetchShippingCost(
  api: ApiClients,
  query: { country: string; items: readonly CartItem[]; consolidated: boolean; currency?: 'usd' | 'cad' },
): Promise<number> {
  const response = await api.payments.get<{ shippingCost: number }>(API_PATHS.shippingCost, {
    params: { country: query.country, lookupKeys: shippingLookupKeys(query.items), currency: query.currency ?? 'usd', consolidated: query.consolidated ? 1 : 0 },
  });
  return response.data.shippingCost;
}

/**
 * The discount or null: a partner storefront (businessKey) asks the content client's
 * /api/v1/discounts/{code}?b2bKey, the main shop the payments client. The caller's timeout keeps a
 * slow lookup from blocking checkout.
 */
export async function lookupDiscount(
  api: ApiClients,
  code: string,
  { businessKey, email, timeoutMs }: { businessKey?: string; email?: string; timeoutMs: number },
): Promise<Discount | null> {
  try {
    const request = { timeout: timeoutMs };
    const response = businessKey
      ? await api.content.get<Discount | null>(buildPath(API_PATHS.storefrontDiscount, { code }), {
          ...request,
          params: { b2bKey: businessKey, email: email || undefined },
        })
      : await api.payments.get<Discount | null>(buildPath(API_PATHS.discount, { code }), {
          ...request,
          params: { email: email || undefined },
        });
    return response.data ?? null;
  } catch {
    return null;
  }
}

export async function checkDiscountValidity(
  api: ApiClients,
  code: string,
  query: { email?: string; sum: number; priceIds: readonly string[]; businessKey?: string },
): Promise<DiscountValidity> {
  const response = await api.payments.get<DiscountValidity>(buildPath(API_PATHS.discountIsValid, { code }), {
    params: { email: query.email || undefined, sum: query.sum, priceIds: query.priceIds.join(','), businessKey: query.businessKey },
  });
  return response.data;
}

export async function startCheckout(api: ApiClients, body: CheckoutStartBody): Promise<void> {
  await api.payments.post(API_PATHS.checkoutStart, body);
}

export async function isNewCustomer(api: ApiClients, email: string): Promise<boolean> {
  return (await api.connect.get<IsNewCustomerResponse>(API_PATHS.isNewCustomer, { params: { email } })).data.isNewCustomer;
}

export async function fetchSavedCards(api: ApiClients): Promise<PaymentMethodsResponse> {
  return (await api.connect.get<PaymentMethodsResponse>(API_PATHS.paymentMethods)).data;
}

export async function placeOrder(api: ApiClients, body: PlaceOrderBody, idempotencyKey: string): Promise<Order> {
  return (await api.payments.post<Order>(API_PATHS.orders, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })).data;
}

export async function confirmOrder(api: ApiClients, orderId: string): Promise<Order> {
  return (await api.payments.post<Order>(buildPath(API_PATHS.orderConfirm, { id: orderId }))).data;
}

export async function fetchOrder(api: ApiClients, orderId: string): Promise<Order> {
  return (await api.payments.get<Order>(buildPath(API_PATHS.order, { id: orderId }))).data;
}

/** Records the shopper's explicit consent, then reads it back (the API answers an array; the first element is the consent). */
export async function recordBnplConsent(api: ApiClients, input: { sessionId: string; email: string }): Promise<BnplConsent> {
  const created = await api.payments.post<BnplConsent>(API_PATHS.bnplConsents, { ...input, accepted: true, termsVersion: BNPL_TERMS_VERSION });
  const [consent] = (await api.payments.get<BnplConsent[]>(buildPath(API_PATHS.bnplConsent, { id: created.data.id }))).data;
  if (!consent) throw new Error('The pay-later consent was not recorded. Please try again.');
  return consent;
}

export async function startBusinessCheckout(
  api: ApiClients,
  body: BusinessCheckoutBody,
  idempotencyKey: string,
): Promise<BusinessCheckoutStatus & { order: Order }> {
  return (await api.payments.post(API_PATHS.businessCheckout, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })).data;
}

export async function fetchBusinessCheckoutStatus(api: ApiClients, id: string): Promise<BusinessCheckoutStatus> {
  return (await api.payments.get<BusinessCheckoutStatus>(buildPath(API_PATHS.businessCheckoutStatus, { id }))).data;
}

export async function fetchBusinessCheckoutDetails(api: ApiClients, id: string): Promise<Order> {
  return (await api.payments.get<Order>(buildPath(API_PATHS.businessCheckoutDetails, { id }))).data;
}

export async function submitEmployerForm(api: ApiClients, body: EmployerFormBody): Promise<EmployerFormResponse> {
  return (await api.connect.post<EmployerFormResponse>(API_PATHS.employerFormSubmit, body)).data;
}

export async function fetchEmployerPayment(api: ApiClients, token: string): Promise<EmployerPaymentView> {
  return (await api.connect.get<EmployerPaymentView>(buildPath(API_PATHS.employerPayment, { token }))).data;
}

export async function payEmployerPayment(api: ApiClients, token: string, body: EmployerPaymentBody, idempotencyKey: string): Promise<EmployerPaymentView> {
  return (
    await api.connect.post<EmployerPaymentView>(buildPath(API_PATHS.employerPaymentPay, { token }), body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
  ).data;
}
