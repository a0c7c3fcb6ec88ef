// The cart's taps done by the first script on a first view (first-view-actions.ts,
// first-view-cart-actions.ts): shown at once, one request, settled by the answer or rolled back,
// the answer written where the live page reads it, and never kept to be replayed. Its own file:
// the actions and the kept clicks are module state, as in the browser.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import type { FirstViewQuery } from '@shop/shared/ssr/server-render';
import { closeFirstViewActions } from '../src/federation/first-view-actions';
import '../src/federation/first-view-cart-actions';
import {
  actionPending,
  closeActions,
  openActions,
  recordPresses,
  seededQueries,
  takeFirstViewClicks,
} from './support/first-view-actions';

const KIT = 'bloodwise_kit_one_time';
const QUOTE_INPUT = {
  items: [{ lookupKey: KIT, quantity: 1 }],
  country: 'US',
  shipUpfront: false,
  discountCode: null,
};

const quoteFor = (quantity: number) => ({
  currency: 'usd',
  lines: [
    { lookupKey: KIT, title: 'Kit', quantity, unitAmount: 14_900, amount: 14_900 * quantity },
  ],
  subtotal: 14_900 * quantity,
  discount: 0,
  discountCode: null,
  discountProblem: null,
  shipping: 795,
  total: 14_900 * quantity + 795,
});

const header = (count: number) =>
  `<header><a class="header-cart" href="/shopping-cart"><span class="header-cart-text">Cart</span>${
    count
      ? ` <span class="header-cart-count" data-testid="cart-count">${count}</span><span class="visually-hidden"> item</span>`
      : '<span class="visually-hidden"> (empty)</span>'
  }</a></header>`;

function drawPage(body: string, queries: FirstViewQuery[], count = 0): void {
  document.body.innerHTML = `${header(count)}<div id="root"><div data-first-view-area="checkout" data-area="checkout">${body}</div></div><script type="application/json" id="${FIRST_VIEW_STATE_ID}">${JSON.stringify(
    { area: 'checkout', pathname: '/shopping-cart', queries },
  )}</script>`;
}

const cartPage = () =>
  drawPage(
    `<div class="co-layout"><ul><li data-line-key="${KIT}" data-testid="summary-line">
      <div class="co-line-meta">One-time purchase · 1 × $149</div><div class="co-line-amount">$149</div>
      <span class="co-qty" role="group" aria-label="Quantity of Kit">
        <button type="button" aria-label="One fewer Kit" data-first-view-action="cart-set" data-lookup-key="${KIT}" data-step="-1" disabled>−</button>
        <output>1</output>
        <button type="button" aria-label="One more Kit" data-first-view-action="cart-set" data-lookup-key="${KIT}" data-step="1">+</button>
      </span>
      <button type="button" data-first-view-action="cart-set" data-lookup-key="${KIT}" data-quantity="0">Remove</button>
    </li></ul>
    <dl><dd data-testid="summary-subtotal">$149</dd><dd data-testid="summary-shipping">$7.95</dd><dd data-testid="summary-total">$156.95</dd></dl></div>`,
    [
      {
        queryKey: ['cart', 'anonymous'],
        data: { items: [{ lookupKey: KIT, quantity: 1 }], updatedAt: null },
        dataUpdatedAt: 1,
      },
      { queryKey: ['checkout-quote', QUOTE_INPUT], data: quoteFor(1), dataUpdatedAt: 1 },
    ],
    1,
  );

const pricingPage = () =>
  drawPage(
    `<button type="button" aria-label="Add to cart: Kit" data-first-view-action="cart-add" data-lookup-key="${KIT}" data-track='{"event":"add_to_cart","params":{"ecommerce":{"value":149}}}'>Add to cart</button><span role="status" aria-live="polite"></span>`,
    [],
  );

/** A server that answers each POST when told, recording the bodies. */
function server() {
  const bodies: Record<string, unknown>[] = [];
  const answers: ((answer: unknown) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const send = jest.fn((_method: 'POST', _path: string, body: unknown) => {
    bodies.push(body as Record<string, unknown>);
    return new Promise((resolve, reject) => {
      answers.push(resolve);
      failures.push(reject);
    });
  });
  const api = {
    bodies,
    send: send as unknown as <T>(method: 'POST', path: string, body: unknown) => Promise<T>,
    // Each waits for the request it answers: the first script sends it in its turn, a task later.
    answer: async (value: unknown) => {
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      failures.shift();
      answers.shift()!(value);
    },
    fail: async () => {
      await waitFor(() => expect(failures.length).toBeGreaterThan(0));
      answers.shift();
      failures.shift()!(new Error('503'));
    },
    failAll: () => {
      answers.length = 0;
      for (const fail of failures.splice(0)) fail(new Error('test over'));
    },
  };
  current = api;
  return api;
}
let current: { failAll(): void } | null = null;

const track = jest.fn();
const output = () => document.querySelector('output')!.textContent;

const navigate = jest.fn();
const open = (api: ReturnType<typeof server>) => openActions(track, { send: api.send, navigate });

beforeAll(recordPresses);
afterEach(async () => {
  current?.failAll();
  await closeActions();
  track.mockClear();
  navigate.mockClear();
});

it('"+" shows the new quantity at once, sends one line change, and settles the page and the seeded queries with the answer', async () => {
  cartPage();
  const api = server();
  open(api);
  // The page says the first script does its taps now (tests and benches wait for it).
  expect(document.documentElement).toHaveAttribute('data-first-view-actions');
  fireEvent.click(screen.getByRole('button', { name: 'One more Kit' }));

  expect(output()).toBe('2');
  expect(screen.getByTestId('cart-count').textContent).toBe('2');
  expect(screen.getByRole('button', { name: 'One more Kit' })).toHaveAttribute('aria-busy', 'true');
  expect(actionPending()).toBe(true);
  await waitFor(() => expect(api.bodies).toHaveLength(1));
  expect(api.bodies).toEqual([
    {
      sessionId: 'session-1',
      lookupKey: KIT,
      mode: 'set',
      quantity: 2,
      pricing: { country: 'US', discountCode: null },
    },
  ]);
  expect(takeFirstViewClicks()).toEqual([]);

  await api.answer({
    cart: { items: [{ lookupKey: KIT, quantity: 2 }], updatedAt: 'now' },
    quote: quoteFor(2),
  });
  await waitFor(() => expect(actionPending()).toBe(false));
  expect(screen.getByTestId('summary-subtotal').textContent).toBe('$298');
  expect(screen.getByTestId('summary-total').textContent).toBe('$305.95');
  expect(document.querySelector('.co-line-amount')!.textContent).toBe('$298');
  expect(document.querySelector('.co-line-meta')!.textContent).toBe('One-time purchase · 2 × $149');
  expect(screen.getByRole('button', { name: 'One fewer Kit' })).not.toBeDisabled();
  // The live page starts from the answer: the cart, and the quote keyed by the saved lines.
  expect(seededQueries()).toEqual([
    {
      queryKey: ['cart', 'anonymous'],
      data: { items: [{ lookupKey: KIT, quantity: 2 }], updatedAt: 'now' },
      dataUpdatedAt: expect.any(Number),
    },
    {
      queryKey: ['checkout-quote', { ...QUOTE_INPUT, items: [{ lookupKey: KIT, quantity: 2 }] }],
      data: quoteFor(2),
      dataUpdatedAt: expect.any(Number),
    },
  ]);
});

it('rolls a refused change back and says so', async () => {
  cartPage();
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'One more Kit' }));
  expect(output()).toBe('2');
  await api.fail();
  await waitFor(() => expect(actionPending()).toBe(false));
  expect(output()).toBe('1');
  expect(screen.getByTestId('cart-count').textContent).toBe('1');
  expect(screen.getByRole('alert').textContent).toBe(
    'We could not change your cart. Please try again in a moment.',
  );
  expect(seededQueries()[1]!.data).toEqual(quoteFor(1));
});

it('Remove empties the page when the answer has no lines left', async () => {
  cartPage();
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  expect(screen.getByRole('listitem', { hidden: true })).not.toBeVisible();
  await api.answer({ cart: { items: [], updatedAt: 'now' }, quote: null });
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy(),
  );
  expect(screen.queryByTestId('cart-count')).toBeNull();
  expect(seededQueries().map((query) => query.queryKey[0])).toEqual(['cart']);
});

it('"Add to cart" counts at once, settles with the answer, says so with the way to the cart, and tracks once', async () => {
  pricingPage();
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kit' }));
  expect(screen.getByTestId('cart-count').textContent).toBe('1');
  // A second press while the first is on its way is the same press.
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kit' }));
  await waitFor(() => expect(api.bodies).toHaveLength(1));
  expect(api.bodies).toEqual([
    { sessionId: 'session-1', lookupKey: KIT, mode: 'add', quantity: 1 },
  ]);

  await api.answer({
    cart: {
      items: [
        { lookupKey: 'other', quantity: 2 },
        { lookupKey: KIT, quantity: 1 },
      ],
      updatedAt: 'now',
    },
    quote: null,
  });
  await waitFor(() => expect(actionPending()).toBe(false));
  expect(screen.getByTestId('cart-count').textContent).toBe('3');
  expect(screen.getByRole('status').textContent).toBe('Added to your cart. View cart');
  expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/shopping-cart');
  expect(track.mock.calls).toEqual([['add_to_cart', { ecommerce: { value: 149 } }]]);
  // A page that had no cart query gets one (the header's first read is the answer), and the live
  // button opens saying the line was added.
  expect(seededQueries()).toEqual([
    {
      queryKey: ['cart', 'anonymous'],
      data: expect.objectContaining({ updatedAt: 'now' }),
      dataUpdatedAt: expect.any(Number),
    },
    { queryKey: ['cart-added-first-view'], data: [KIT], dataUpdatedAt: expect.any(Number) },
  ]);
  expect(takeFirstViewClicks()).toEqual([]);
});

it('takes a refused add back, says so, and tracks nothing', async () => {
  pricingPage();
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kit' }));
  await api.fail();
  await waitFor(() => expect(actionPending()).toBe(false));
  expect(screen.queryByTestId('cart-count')).toBeNull();
  expect(screen.getByRole('status').textContent).toBe(
    'We could not add that to your cart. Please try again in a moment.',
  );
  expect(track).not.toHaveBeenCalled();
});

it('taps made one after the other are sent in order, and closing waits for them', async () => {
  cartPage();
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'One more Kit' }));
  const closed = jest.fn();
  await api.answer({
    cart: { items: [{ lookupKey: KIT, quantity: 2 }], updatedAt: 'now' },
    quote: quoteFor(2),
  });
  await waitFor(() => expect(actionPending()).toBe(false));
  fireEvent.click(screen.getByRole('button', { name: 'One more Kit' }));
  expect(output()).toBe('3');
  void closeFirstViewActions().then(closed);
  await Promise.resolve();
  expect(closed).not.toHaveBeenCalled();
  await api.answer({
    cart: { items: [{ lookupKey: KIT, quantity: 3 }], updatedAt: 'now' },
    quote: quoteFor(3),
  });
  await waitFor(() => expect(closed).toHaveBeenCalled());
  expect(api.bodies.map((body) => body.quantity)).toEqual([2, 3]);
  expect(output()).toBe('3');
});

it('once closed (the shell owns the page), a press is kept to be replayed on the live page instead', () => {
  cartPage();
  const api = server();
  // Never opened: as after closeFirstViewActions.
  expect(document.documentElement).not.toHaveAttribute('data-first-view-actions');
  fireEvent.click(screen.getByRole('button', { name: 'One more Kit' }));
  expect(api.bodies).toEqual([]);
  expect(output()).toBe('1');
  expect(takeFirstViewClicks()).toEqual([screen.getByRole('button', { name: 'One more Kit' })]);
});

it('a partner\'s "Add to cart" goes on to its cart once the server kept the line, and only to a path of this site', async () => {
  const partnerButton = (href: string) =>
    drawPage(
      `<button type="button" aria-label="Add to cart: Kit" data-first-view-action="cart-add" data-lookup-key="${KIT}" data-then-href="${href}">Add to cart</button>`,
      [],
    );
  partnerButton('/shop/acme-wellness/shopping-cart');
  const api = server();
  open(api);
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kit' }));
  expect(navigate).not.toHaveBeenCalled();
  await api.answer({
    cart: { items: [{ lookupKey: KIT, quantity: 1 }], updatedAt: 'now' },
    quote: null,
  });
  await waitFor(() => expect(actionPending()).toBe(false));
  expect(navigate.mock.calls).toEqual([['/shop/acme-wellness/shopping-cart']]);

  for (const elsewhere of ['//evil.example/cart', '/\\evil.example', 'https://evil.example/']) {
    partnerButton(elsewhere);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Kit' }));
    await api.answer({
      cart: { items: [{ lookupKey: KIT, quantity: 2 }], updatedAt: 'now' },
      quote: null,
    });
    await waitFor(() => expect(actionPending()).toBe(false));
  }
  expect(navigate).toHaveBeenCalledTimes(1);
});
