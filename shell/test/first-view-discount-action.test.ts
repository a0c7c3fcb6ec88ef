// Apply on a checkout's first view, done by the first script (first-view-discount-action.ts): one
// quote request with the code; the message and the totals from its answer; what the live page needs
// to start from written into the first view's state; a code of a form the API refuses left to the
// live form. Its own file: the actions are module state, as in the browser.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FIRST_VIEW_STATE_ID, type FirstViewQuery } from '@shop/shared/ssr/server-render';
import {
  ACTION_PENDING_ATTRIBUTE,
  closeFirstViewActions,
  createFirstViewActionContext,
  FirstViewRequestError,
  openFirstViewActions,
} from '../src/federation/first-view-actions';
import '../src/federation/first-view-discount-action';
import {
  recordFirstViewInteractions,
  takeFirstViewClicks,
} from '../src/federation/first-view-interactions';

const INPUT = {
  items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
  country: 'US',
  shipUpfront: false,
  discountCode: null,
};
const QUOTE = {
  currency: 'usd',
  lines: [],
  subtotal: 14_900,
  discount: 0,
  discountCode: null,
  discountProblem: null,
  shipping: 595,
  total: 15_495,
};

function checkoutPage(): void {
  document.body.innerHTML = `<div data-first-view-area="checkout">
    <dl><dt>Subtotal</dt><dd data-testid="summary-subtotal">$149</dd><dt>Shipping</dt><dd data-testid="summary-shipping">$5.95</dd><dd data-testid="summary-total">$154.95</dd></dl>
    <section aria-labelledby="co-discount"><h2 id="co-discount">Discount code</h2>
      <div><input id="co-discount-code" aria-labelledby="co-discount" /><button type="button" data-first-view-action="discount-apply">Apply</button></div>
      <div aria-live="polite"></div>
    </section>
    <button type="submit" data-testid="place-order">Place order · $154.95</button>
  </div><script type="application/json" id="${FIRST_VIEW_STATE_ID}">${JSON.stringify({
    area: 'checkout',
    pathname: '/checkout',
    queries: [{ queryKey: ['checkout-quote', INPUT], data: QUOTE, dataUpdatedAt: 1 }],
  })}</script>`;
}

const send = jest.fn();
function open() {
  const context = createFirstViewActionContext({
    doc: document,
    sessionId: 's',
    baseUrls: { content: '', connect: '', payments: '' },
    track: jest.fn(),
  });
  openFirstViewActions({ ...context, send });
}
const seeded = () =>
  (
    JSON.parse(document.getElementById(FIRST_VIEW_STATE_ID)!.textContent!) as {
      queries: FirstViewQuery[];
    }
  ).queries;
const settled = () =>
  waitFor(() =>
    expect(document.documentElement.hasAttribute(ACTION_PENDING_ATTRIBUTE)).toBe(false),
  );
const apply = (code: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Discount code' }), {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
};

beforeAll(() => recordFirstViewInteractions(document));
beforeEach(() => {
  checkoutPage();
  open();
});
afterEach(async () => {
  await closeFirstViewActions();
  takeFirstViewClicks();
  send.mockReset();
});

it('prices the order with the code in one request, and shows the discount, the totals and the message', async () => {
  const discounted = { ...QUOTE, discount: 1490, discountCode: 'WELCOME10', total: 14_005 };
  send.mockResolvedValue(discounted);
  apply(' welcome10 ');
  await settled();
  expect(send.mock.calls).toEqual([
    [
      'POST',
      '/payments/stripe-subscriptions/checkout/quote',
      { ...INPUT, discountCode: 'WELCOME10' },
      'payments',
    ],
  ]);
  expect(screen.getByTestId('discount-message')).toHaveTextContent('WELCOME10 applied: −$14.90');
  expect(screen.getByTestId('discount-message')).not.toHaveAttribute('role');
  expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$14.90');
  expect(screen.getByTestId('summary-discount').previousElementSibling).toHaveTextContent(
    'Discount (WELCOME10)',
  );
  expect(screen.getByTestId('summary-total')).toHaveTextContent('$140.05');
  expect(screen.getByTestId('place-order')).toHaveTextContent('Place order · $140.05');
  expect(seeded()).toEqual([
    { queryKey: ['checkout-quote', INPUT], data: QUOTE, dataUpdatedAt: 1 },
    {
      queryKey: ['checkout-quote', { ...INPUT, discountCode: 'WELCOME10' }],
      data: discounted,
      dataUpdatedAt: expect.any(Number),
    },
    {
      queryKey: ['checkout-discount-first-view'],
      data: { code: 'WELCOME10', message: 'WELCOME10 applied: −$14.90', applied: true },
      dataUpdatedAt: expect.any(Number),
    },
  ]);
  expect(takeFirstViewClicks()).toEqual([]);
});

it.each([
  [{ reason: 'not_found', message: 'Unknown code' }, 'We could not find the code NOPE.'],
  [{ reason: 'expired', message: 'This code has expired.' }, 'This code has expired.'],
])(
  'says why a code takes nothing off (%j), as an alert, and hands that over',
  async (problem, said) => {
    send.mockResolvedValue({ ...QUOTE, discountProblem: problem });
    apply('nope');
    await settled();
    expect(screen.getByRole('alert')).toHaveTextContent(said);
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(seeded().at(-1)!.data).toEqual({ code: 'NOPE', message: said, applied: false });
  },
);

it('says a code could not be checked when the request fails', async () => {
  send.mockRejectedValue(new FirstViewRequestError('/quote', 503, null));
  apply('WELCOME10');
  await settled();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'We could not check that code. Please try again in a moment.',
  );
});

it('leaves an empty code, or one of a form the API refuses, to the live form', () => {
  apply('');
  apply('50% off!');
  expect(send).not.toHaveBeenCalled();
  expect(takeFirstViewClicks()).toHaveLength(1);
});
