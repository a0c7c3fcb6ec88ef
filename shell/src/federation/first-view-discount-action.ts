// Apply on a checkout's first view, done by the first script (first-view-actions.ts): one quote
// request priced with the code answers whether it applies and what it takes off, so the message and
// the totals show as soon as it is back. The live page starts from that (FIRST_VIEW_DISCOUNT_KEY)
// and checks the code again as it would any code it opens with, keeping the message meanwhile.
import { CHECKOUT_QUOTE_QUERY_KEY, FIRST_VIEW_DISCOUNT_KEY } from '@shop/shared/contract/cart-keys';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import { formatMoney } from '@shop/shared/format/money';
import type { FirstViewQuery } from '@shop/shared/ssr/server-render';
import { defineFirstViewAction, type FirstViewAction } from './first-view-actions';
import { drawTotals } from './first-view-cart-actions';

/** A code the API accepts the form of; any other is left to the live form, which says why. */
const CODE_FORM = /^[A-Z0-9_-]{1,64}$/;

type QuoteInput = Record<string, unknown> & { items: unknown[]; discountCode: string | null };

/** The outcome under the field, as the live section draws it (an error is an alert). */
function showOutcome(section: Element, message: string, applied: boolean): void {
  const region = section.querySelector('[aria-live]');
  if (!region) return;
  const note = section.ownerDocument.createElement('p');
  note.className = applied ? 'co-note co-discount' : 'co-note';
  note.setAttribute('data-testid', 'discount-message');
  if (!applied) {
    note.setAttribute('role', 'alert');
    note.style.color = '#a61d24';
  }
  note.textContent = message;
  region.replaceChildren(note);
}

/** What the live page says of a code the quote did not apply. */
function refusal(code: string, quote: CheckoutQuote): string {
  const problem = quote.discountProblem;
  if (!problem || problem.reason === 'not_found') return `We could not find the code ${code}.`;
  return problem.message || 'This code cannot be used for this order.';
}

const applyDiscount: FirstViewAction = (control, context) => {
  const section = control.closest('section');
  const field = section?.querySelector('input');
  const code = field?.value.trim().toUpperCase() ?? '';
  const seeded = context
    .queries()
    .find((query) => query.queryKey[0] === CHECKOUT_QUOTE_QUERY_KEY[0]);
  if (!section || !CODE_FORM.test(code) || !seeded) return null;
  const input = seeded.queryKey[1] as QuoteInput;
  const { doc } = context;
  return async () => {
    let outcome: { code: string; message: string; applied: boolean };
    try {
      const quote = await context.send<CheckoutQuote>(
        'POST',
        FIRST_VIEW_PATHS.checkoutQuote,
        { ...input, discountCode: code },
        'payments',
      );
      const applied = quote.discount > 0;
      outcome = {
        code,
        applied,
        message: applied
          ? `${code} applied: −${formatMoney(quote.discount, quote.currency)}`
          : refusal(code, quote),
      };
      if (applied) {
        drawTotals(doc, quote);
        context.updateQueries((queries) => [
          ...queries.filter(
            (query) =>
              query.queryKey[0] !== CHECKOUT_QUOTE_QUERY_KEY[0] ||
              (query.queryKey[1] as QuoteInput).discountCode !== code,
          ),
          {
            queryKey: [...CHECKOUT_QUOTE_QUERY_KEY, { ...input, discountCode: code }],
            data: quote,
            dataUpdatedAt: Date.now(),
          },
        ]);
      }
    } catch {
      outcome = {
        code,
        applied: false,
        message: 'We could not check that code. Please try again in a moment.',
      };
    }
    showOutcome(section, outcome.message, outcome.applied);
    const handOver: FirstViewQuery = {
      queryKey: [...FIRST_VIEW_DISCOUNT_KEY],
      data: outcome,
      dataUpdatedAt: Date.now(),
    };
    context.updateQueries((queries) => [
      ...queries.filter((query) => query.queryKey[0] !== FIRST_VIEW_DISCOUNT_KEY[0]),
      handOver,
    ]);
  };
};

defineFirstViewAction('discount-apply', applyDiscount);
