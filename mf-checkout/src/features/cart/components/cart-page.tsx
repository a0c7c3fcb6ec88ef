import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ecommerceEvent, toGa4Item } from '@shop/shared/analytics/ga4';
import type { CartPricing } from '@shop/shared/cart/cart-client';
import { useAreaCart } from '@shop/shared/cart/use-cart';
import type { CartItem } from '@shop/shared/contract/cart';
import type { QuoteLine } from '@shop/shared/contract/checkout';
import type { ShippingCountry } from '@shop/shared/contract/common';
import { MAX_CART_LINE_QUANTITY } from '@shop/shared/contract/cart-keys';
import { useShell } from '@shop/shared/federation/remote-root';
import { toApiError } from '@shop/shared/http/api-error';
import { FIRST_VIEW_ACTION_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { FORM_NAME_FIELD } from '@shop/shared/ssr/server-form';
import { useFormFlash } from '@shop/shared/ssr/use-form-flash';
import { CART_ADD_FORM, CART_LINE_FORM, CART_PATH } from '@shop/shared/cart/cart-forms';
import {
  checkoutQuoteQueryOptions,
  fetchQuote,
  useCheckoutQuote,
  type QuoteInput,
} from '../../checkout/api/checkout-quote';
import { CheckoutStyles } from '../../checkout/components/checkout-styles';
import { useVisitDiscountCode } from '../../checkout/hooks/use-discount-code';
import { balanceCents, QuoteTotals, SummaryLines } from '../../checkout/components/order-summary';

/** Adds the `?add=<lookupKey>` of a "Choose" link once, tracks add_to_cart, then drops the parameter. */
function useAddFromLink(add: (lookupKey: string) => Promise<unknown>) {
  const { api, track, notify } = useShell();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const toAdd = params.get('add');
  useEffect(() => {
    if (!toAdd || handled.current === toAdd) return;
    handled.current = toAdd;
    navigate('/shopping-cart', { replace: true });
    add(toAdd).then(
      async () => {
        const [line] = (await fetchQuote(api, { items: [{ lookupKey: toAdd, quantity: 1 }] }))
          .lines;
        if (!line) return;
        const event = ecommerceEvent('add_to_cart', {
          items: [toGa4Item({ ...line, interval: line.interval })],
          valueCents: line.unitAmount,
        });
        track(event.event, { ecommerce: event.ecommerce });
      },
      (error: unknown) =>
        notify.error('We could not add that to your cart', toApiError(error).message),
    );
  }, [toAdd, add, api, track, notify, navigate]);
}

/**
 * Marks a line's button for the shell's first script, which does the change itself on the server's
 * first view of this page, before it is live (shell/src/federation/first-view-cart-actions.ts).
 */
const firstViewAction = (lookupKey: string, change: Record<string, number>) => ({
  [FIRST_VIEW_ACTION_ATTRIBUTE]: 'cart-set',
  'data-lookup-key': lookupKey,
  ...change,
});

/** The id of a line's plain form, which its "+", "−" and Remove buttons submit (without JavaScript). */
const lineFormId = (lookupKey: string) => `cart-line-${lookupKey}`;

/**
 * A line's form for pages without JavaScript: its buttons name it (`form=`) and post the quantity
 * they set; the checkout's server handler (server/handle-form.ts) makes the same change. Live, the
 * buttons' own handlers do it and the post is held back.
 */
function CartLineForm({ lookupKey }: { lookupKey: string }) {
  return (
    <form
      id={lineFormId(lookupKey)}
      method="post"
      action={CART_PATH}
      hidden
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name={FORM_NAME_FIELD} value={CART_LINE_FORM} />
      <input type="hidden" name="lookupKey" value={lookupKey} />
    </form>
  );
}

/** What a line's button posts without JavaScript: the quantity it sets. */
const lineSubmit = (lookupKey: string, quantity: number) => ({
  type: 'submit' as const,
  form: lineFormId(lookupKey),
  name: 'quantity',
  value: String(quantity),
});

/**
 * The quote's lines at the quantities on screen: a change shows at once, its price settles when the
 * server answers; a line being removed is gone already.
 */
function linesAsShown(lines: readonly QuoteLine[], items: readonly CartItem[]): QuoteLine[] {
  return lines.flatMap((line) => {
    const item = items.find((candidate) => candidate.lookupKey === line.lookupKey);
    if (!item) return [];
    if (item.quantity === line.quantity) return [line];
    const amount = Math.round((line.amount / line.quantity) * item.quantity);
    return [{ ...line, quantity: item.quantity, amount }];
  });
}

/** A refused plain post in the shopper's words: a quantity outside the limit names the limit. */
function refusalReason(refused: { code: string; message: string }): string {
  return refused.code === 'VALIDATION_ERROR'
    ? `you can have 1 to ${MAX_CART_LINE_QUANTITY} of each item.`
    : refused.message;
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function CartPage() {
  const { api, preloadArea, userContext } = useShell();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<ShippingCountry>('US');
  const discountCode = useVisitDiscountCode();
  const email = userContext.user?.email;
  // Each change is one request answered with the priced cart; its quote goes where the page reads it.
  const pricing = useMemo<CartPricing>(() => {
    const quoteOf = (items: readonly CartItem[]): QuoteInput => ({
      items,
      country,
      shipUpfront: false,
      discountCode,
      email,
    });
    return {
      country,
      discountCode,
      email,
      onPriced: (priced, saved) => {
        if (priced)
          queryClient.setQueryData(
            checkoutQuoteQueryOptions(api, quoteOf(saved.items)).queryKey,
            priced,
          );
      },
    };
  }, [api, queryClient, country, discountCode, email]);
  const { cart, savedCart, isLoading, isError, add, setQuantity, remove } = useAreaCart(pricing);
  // Priced from the server's cart: a change on its way is priced by its own answer.
  const quote = useCheckoutQuote({
    items: savedCart.items,
    country,
    shipUpfront: false,
    discountCode,
    email,
  });
  useAddFromLink(add);
  useEffect(() => preloadArea?.('checkout'), [preloadArea]);

  // A plain post the API refused (the page was drawn again without JavaScript).
  const refusedChange = useFormFlash(CART_LINE_FORM);
  const refusedAdd = useFormFlash(CART_ADD_FORM);
  const refused = refusedChange ?? refusedAdd;
  const empty = !isLoading && cart.items.length === 0;
  const data = cart.items.length > 0 ? quote.data : undefined;
  const balance = balanceCents(userContext.user?.balance);

  return (
    <div className="co-page">
      <CheckoutStyles />
      <h1>Your cart</h1>
      {refused && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Your cart was not changed: ${refusalReason(refused)}`}
        />
      )}
      {isError && (
        <Alert type="error" showIcon title="We could not load your cart. Please reload the page." />
      )}
      {isLoading && (
        <div role="status" style={{ padding: 48, textAlign: 'center' }}>
          <Spin /> <span className="co-muted">Loading your cart…</span>
        </div>
      )}
      {empty && (
        <section
          className="co-panel"
          style={{ textAlign: 'center', padding: '48px 20px' }}
          aria-labelledby="co-empty"
        >
          <h2 id="co-empty">Your cart is empty</h2>
          <p className="co-muted">
            Pick a test or a membership and it will wait for you here, even if you close the page.
          </p>
          <Link className="co-cta" to="/pricing" style={{ maxWidth: 320 }}>
            Browse tests and pricing
          </Link>
        </section>
      )}
      {cart.items.length > 0 && (
        <div className="co-layout">
          <section className="co-panel" aria-labelledby="co-items">
            <h2 id="co-items">Items</h2>
            {data ? (
              <SummaryLines
                lines={linesAsShown(data.lines, cart.items)}
                currency={data.currency}
                renderActions={(line) => (
                  <>
                    <span className="co-qty" role="group" aria-label={`Quantity of ${line.title}`}>
                      <button
                        {...lineSubmit(line.lookupKey, line.quantity - 1)}
                        aria-label={`One fewer ${line.title}`}
                        {...firstViewAction(line.lookupKey, { 'data-step': -1 })}
                        disabled={line.quantity <= 1}
                        onClick={() => void setQuantity(line.lookupKey, line.quantity - 1)}
                      >
                        −
                      </button>
                      <output aria-live="polite">{line.quantity}</output>
                      <button
                        {...lineSubmit(line.lookupKey, line.quantity + 1)}
                        aria-label={`One more ${line.title}`}
                        {...firstViewAction(line.lookupKey, { 'data-step': 1 })}
                        disabled={line.quantity >= MAX_CART_LINE_QUANTITY}
                        onClick={() => void setQuantity(line.lookupKey, line.quantity + 1)}
                      >
                        +
                      </button>
                    </span>
                    <button
                      {...lineSubmit(line.lookupKey, 0)}
                      className="co-link-button"
                      {...firstViewAction(line.lookupKey, { 'data-quantity': 0 })}
                      onClick={() => void remove(line.lookupKey)}
                    >
                      Remove<span className="visually-hidden"> {line.title}</span>
                    </button>
                    <CartLineForm lookupKey={line.lookupKey} />
                  </>
                )}
              />
            ) : quote.isError ? (
              <Alert type="error" showIcon title={toApiError(quote.error).message} />
            ) : (
              <p className="co-muted">Pricing your cart…</p>
            )}
          </section>
          <aside className="co-aside co-panel" aria-labelledby="co-cart-summary">
            <h2 id="co-cart-summary">Summary</h2>
            <label
              htmlFor="co-ship-to"
              className="co-muted"
              style={{ display: 'block', marginBottom: 4 }}
            >
              Ship to
            </label>
            <Select
              id="co-ship-to"
              value={country}
              onChange={setCountry}
              style={{ width: '100%', marginBottom: 16 }}
              options={[
                { value: 'US', label: 'United States' },
                { value: 'CA', label: 'Canada' },
              ]}
            />
            {data && <QuoteTotals quote={data} country={country} balance={balance} />}
            {data?.discountProblem && discountCode && (
              <p className="co-note" data-testid="cart-discount-problem">
                Code {discountCode.toUpperCase()}: {data.discountProblem.message}
              </p>
            )}
            <Link
              className="co-cta"
              to="/checkout"
              style={{ marginTop: 16 }}
              data-testid="go-to-checkout"
            >
              Go to checkout
            </Link>
            <p className="co-note">Discount codes and saved cards can be used at checkout.</p>
          </aside>
        </div>
      )}
    </div>
  );
}
