// The cart's taps on a first view, done by the first script (first-view-actions.ts): "Add to cart"
// on the catalog's pages, and "+", "−" and Remove on the cart page. Each is one POST
// /api/v1/cart/line, which changes the line where the server holds the cart and answers with the
// cart (and, on the cart page, its quote); the page shows the change at once and settles with that.
import {
  CART_QUERY_KEY,
  CHECKOUT_QUOTE_QUERY_KEY,
  FIRST_VIEW_ADDED_KEY,
  MAX_CART_LINE_QUANTITY,
} from '@shop/shared/contract/cart-keys';
import type { Cart } from '@shop/shared/contract/cart';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import { formatMoney } from '@shop/shared/format/money';
import type { FirstViewQuery } from '@shop/shared/ssr/server-render';
import type { AnalyticsEventName } from '@shop/shared/shell-contract/shell-props';
import {
  defineFirstViewAction,
  type FirstViewAction,
  type FirstViewActionContext,
} from './first-view-actions';

interface VisitorCart {
  cart: Cart;
  quote: CheckoutQuote | null;
}

const QUOTE_QUERY = CHECKOUT_QUOTE_QUERY_KEY[0];
type QuoteKeyInput = {
  items: Cart['items'];
  country: string;
  discountCode: string | null;
} & Record<string, unknown>;

const cartCount = (cart: Cart) => cart.items.reduce((sum, item) => sum + item.quantity, 0);
const isCartQuery = (query: FirstViewQuery) => query.queryKey[0] === CART_QUERY_KEY[0];

/**
 * The answer goes where the live page reads it: the cart queries become the saved cart (one is
 * added for a page that had none, as the header of a visitor last seen signed out reads it), the
 * cart page's quote is keyed by the saved lines.
 */
function seedAnswer(context: FirstViewActionContext, answer: VisitorCart): void {
  const now = Date.now();
  context.updateQueries((queries) => {
    const next = queries.flatMap((query): FirstViewQuery[] => {
      if (isCartQuery(query)) return [{ ...query, data: answer.cart, dataUpdatedAt: now }];
      if (query.queryKey[0] !== QUOTE_QUERY) return [query];
      if (!answer.quote) return [];
      const input = { ...(query.queryKey[1] as QuoteKeyInput), items: answer.cart.items };
      return [{ queryKey: [QUOTE_QUERY, input], data: answer.quote, dataUpdatedAt: now }];
    });
    if (!next.some(isCartQuery))
      next.push({
        queryKey: [...CART_QUERY_KEY, 'anonymous'],
        data: answer.cart,
        dataUpdatedAt: now,
      });
    return next;
  });
}

/** The live button of a line added here opens saying so, as this one does. */
function noteAdded(context: FirstViewActionContext, lookupKey: string): void {
  context.updateQueries((queries) => {
    const others = queries.filter((query) => query.queryKey[0] !== FIRST_VIEW_ADDED_KEY[0]);
    const added = queries.find((query) => query.queryKey[0] === FIRST_VIEW_ADDED_KEY[0]);
    const keys = new Set([...((added?.data as string[] | undefined) ?? []), lookupKey]);
    return [
      ...others,
      { queryKey: [...FIRST_VIEW_ADDED_KEY], data: [...keys], dataUpdatedAt: Date.now() },
    ];
  });
}

/** The header's cart link as the shell's CartBadge draws it, with this count. */
function showHeaderCount(doc: Document, count: number): void {
  const text = doc.querySelector('.header-cart .header-cart-text');
  if (!text) return;
  while (text.nextSibling) text.nextSibling.remove();
  const hidden = doc.createElement('span');
  hidden.className = 'visually-hidden';
  if (count > 0) {
    const badge = doc.createElement('span');
    badge.className = 'header-cart-count';
    badge.dataset.testid = 'cart-count';
    badge.textContent = String(count);
    hidden.textContent = ` ${count === 1 ? 'item' : 'items'}`;
    text.after(' ', badge, hidden);
  } else {
    hidden.textContent = ' (empty)';
    text.after(hidden);
  }
}

const headerCount = (doc: Document) =>
  Number(doc.querySelector('.header-cart [data-testid="cart-count"]')?.textContent ?? 0) || 0;

/** Says it in the status line beside the control (the live button has one), else the shell's. */
function say(doc: Document, control: Element, text: string, link?: { href: string; text: string }) {
  const beside = control.nextElementSibling;
  const status =
    beside?.getAttribute('role') === 'status'
      ? beside
      : doc.querySelector<HTMLElement>('body > [role="status"]');
  if (!status) return;
  status.textContent = text;
  if (!link) return;
  const anchor = doc.createElement('a');
  anchor.href = link.href;
  anchor.className = 'cat-link';
  anchor.textContent = link.text;
  status.append(' ', anchor);
}

/** The analytics event the server wrote on the control (`data-track`: the live button's own). */
function trackedEvent(control: HTMLElement) {
  try {
    const value = JSON.parse(control.dataset.track ?? 'null') as {
      event?: unknown;
      params?: unknown;
    } | null;
    return typeof value?.event === 'string' && value.params && typeof value.params === 'object'
      ? {
          event: value.event as AnalyticsEventName,
          params: value.params as Record<string, unknown>,
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * "Add to cart" on a catalog page: the badge counts it at once, the answer settles it. A button
 * with `data-then-href` (a partner's) then opens that page, its cart.
 */
const addToCart: FirstViewAction = (control, context) => {
  const lookupKey = control.dataset.lookupKey;
  if (!lookupKey) return null;
  const { doc } = context;
  const before = headerCount(doc);
  showHeaderCount(doc, before + 1);
  return async () => {
    try {
      const answer = await context.send<VisitorCart>('POST', FIRST_VIEW_PATHS.cartLine, {
        sessionId: context.sessionId,
        lookupKey,
        mode: 'add',
        quantity: 1,
      });
      seedAnswer(context, answer);
      noteAdded(context, lookupKey);
      showHeaderCount(doc, cartCount(answer.cart));
      const event = trackedEvent(control);
      if (event) context.track(event.event, event.params);
      // A partner's page goes on to its cart, as its live button does; only to a path of this site.
      const next = control.dataset.thenHref;
      if (next && /^\/(?![/\\])/.test(next)) return context.navigate(next);
      say(doc, control, 'Added to your cart.', { href: '/shopping-cart', text: 'View cart' });
    } catch (error) {
      showHeaderCount(doc, Math.max(0, headerCount(doc) - 1));
      say(doc, control, 'We could not add that to your cart. Please try again in a moment.');
      throw error;
    }
  };
};

/** The cart page's pricing, as its seeded quote was asked for. */
function cartPagePricing(context: FirstViewActionContext) {
  const quote = context.queries().find((query) => query.queryKey[0] === QUOTE_QUERY);
  if (!quote) return null;
  const { country, discountCode, email, businessKey } = quote.queryKey[1] as QuoteKeyInput;
  return { country, discountCode, email, businessKey };
}

const shownQuantity = (line: Element) => Number(line.querySelector('output')?.textContent) || 0;

/** A line of the cart page at `quantity`: its count, its "−" and "+" (and, priced, its amounts). */
function drawLine(line: HTMLElement, quantity: number, priced?: QuoteLineShown): void {
  const output = line.querySelector('output');
  if (output) output.textContent = String(quantity);
  for (const button of line.querySelectorAll<HTMLButtonElement>('button[data-step]'))
    button.disabled =
      Number(button.dataset.step) < 0 ? quantity <= 1 : quantity >= MAX_CART_LINE_QUANTITY;
  if (!priced) return;
  const money = (cents: number) => formatMoney(cents, priced.currency);
  const amount = line.querySelector('.co-line-amount');
  if (amount) amount.textContent = money(priced.amount);
  const meta = line.querySelector('.co-line-meta');
  const billing = meta?.textContent?.split(' · ')[0];
  if (meta && billing !== undefined)
    meta.textContent = `${billing} · ${priced.quantity} × ${money(priced.unitAmount)}`;
}
type QuoteLineShown = CheckoutQuote['lines'][number] & { currency: string };

/** The totals' figures from a quote; the discount's row comes and goes with the discount. */
export function drawTotals(doc: Document, quote: CheckoutQuote): void {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  const set = (testId: string, text: string) => {
    const cell = doc.querySelector(`[data-testid="${testId}"]`);
    if (cell) cell.textContent = text;
  };
  set('summary-subtotal', money(quote.subtotal));
  set('summary-total', money(quote.total));
  // The checkout's button names the total it charges.
  set('place-order', `Place order · ${money(quote.total)}`);
  const shipping = quote.shipping;
  set(
    'summary-shipping',
    shipping === null ? 'Calculated at checkout' : shipping === 0 ? 'Free' : money(shipping),
  );
  let discount = doc.querySelector('[data-testid="summary-discount"]');
  if (quote.discount > 0 && !discount) {
    // As the live totals draw it: a term and its figure, after the subtotal's.
    const term = doc.createElement('dt');
    term.className = 'co-discount';
    discount = doc.createElement('dd');
    discount.className = 'co-discount';
    discount.setAttribute('data-testid', 'summary-discount');
    doc.querySelector('[data-testid="summary-subtotal"]')?.after(term, discount);
  }
  if (discount && quote.discount > 0) {
    discount.textContent = `−${money(quote.discount)}`;
    const term = discount.previousElementSibling;
    if (term) term.textContent = `Discount${quote.discountCode ? ` (${quote.discountCode})` : ''}`;
  } else if (discount) {
    discount.previousElementSibling?.remove();
    discount.remove();
  }
}

/** The cart page with no lines left, as the live page draws it. */
function drawEmptyCart(doc: Document, layout: Element): void {
  const section = doc.createElement('section');
  section.className = 'co-panel';
  section.style.cssText = 'text-align: center; padding: 48px 20px;';
  section.setAttribute('aria-labelledby', 'co-empty');
  section.innerHTML =
    '<h2 id="co-empty">Your cart is empty</h2><p class="co-muted">Pick a test or a membership and it will wait for you here, even if you close the page.</p><a class="co-cta" href="/pricing" style="max-width: 320px;">Browse tests and pricing</a>';
  layout.replaceWith(section);
}

/** A visible message above the cart's lines (role alert: it is read out as it appears). */
function sayOnCartPage(doc: Document, layout: Element | null, text: string): void {
  const message = doc.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'co-note';
  message.textContent = text;
  layout?.before(message);
}

/**
 * "+" and "−" (`data-step`, from the quantity shown) and Remove (`data-quantity="0"`) on the cart
 * page: the line shows it at once, the answer's quote settles the page.
 */
const setQuantity: FirstViewAction = (control, context) => {
  const lookupKey = control.dataset.lookupKey;
  const line = control.closest<HTMLElement>('[data-line-key]');
  const pricing = cartPagePricing(context);
  if (!lookupKey || !line || !pricing) return null;
  const shown = shownQuantity(line);
  const step = Number(control.dataset.step);
  const quantity = control.dataset.step ? shown + step : Number(control.dataset.quantity);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_CART_LINE_QUANTITY) return null;
  const { doc } = context;
  const layout = line.closest('.co-layout');
  const count = headerCount(doc);
  if (quantity === 0) line.hidden = true;
  else drawLine(line, quantity);
  showHeaderCount(doc, Math.max(0, count + quantity - shown));
  return async () => {
    try {
      const answer = await context.send<VisitorCart>('POST', FIRST_VIEW_PATHS.cartLine, {
        sessionId: context.sessionId,
        lookupKey,
        mode: 'set',
        quantity,
        pricing,
      });
      seedAnswer(context, answer);
      showHeaderCount(doc, cartCount(answer.cart));
      const quote = answer.quote;
      if (!quote) {
        if (layout) drawEmptyCart(doc, layout);
        return;
      }
      for (const each of doc.querySelectorAll<HTMLElement>('[data-line-key]')) {
        const priced = quote.lines.find(
          (candidate) => candidate.lookupKey === each.dataset.lineKey,
        );
        if (priced) drawLine(each, priced.quantity, { ...priced, currency: quote.currency });
        else each.remove();
      }
      drawTotals(doc, quote);
    } catch (error) {
      line.hidden = false;
      drawLine(line, shown);
      showHeaderCount(doc, count);
      sayOnCartPage(doc, layout, 'We could not change your cart. Please try again in a moment.');
      throw error;
    }
  };
};

defineFirstViewAction('cart-add', addToCart);
defineFirstViewAction('cart-set', setQuantity);
