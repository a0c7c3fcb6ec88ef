import { screen, waitFor, within } from '@testing-library/react';
import type { OpsOrderDetail } from '@shop/shared/contract/ops';
import type { FakeAnswer } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

const ID = '5b1c8f5e-0000-4000-8000-000000000001';
const AT = '2026-11-22T02:04:11.020Z';

function detail(refunded: number): OpsOrderDetail {
  const summary = {
    id: ID,
    kind: 'consumer' as const,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    status: 'paid' as const,
    currency: 'usd' as const,
    total: 9900,
    refunded,
    businessKey: null,
    createdAt: AT,
  };
  return {
    order: {
      ...summary,
      subtotal: 9900,
      discount: 0,
      shipping: 0,
      discountCode: null,
      paymentLabel: 'Visa •••• 4242',
      bnpl: false,
      failureMessage: null,
    },
    lines: [
      {
        id: 1,
        title: 'Blood test kit',
        lookupKey: 'kit',
        quantity: 1,
        unitAmount: 7900,
        amount: 7900,
        upgradeId: null,
        chargeId: 'ch_1',
        refunded: refunded > 0 ? 7900 : 0,
        refundable: refunded > 0 ? 0 : 7900,
      },
      {
        id: 2,
        title: 'Easy draw',
        lookupKey: 'easy',
        quantity: 1,
        unitAmount: 2000,
        amount: 2000,
        upgradeId: 'up_1',
        chargeId: 'ch_2',
        refunded: refunded > 0 ? 2000 : 0,
        refundable: refunded > 0 ? 0 : 2000,
      },
    ],
    charges: [
      {
        id: 'ch_1',
        purpose: 'order',
        status: refunded ? 'refunded' : 'succeeded',
        amount: 7900,
        amountRefunded: refunded ? 7900 : 0,
        currency: 'usd',
        createdAt: AT,
      },
      {
        id: 'ch_2',
        purpose: 'upgrade',
        status: refunded ? 'refunded' : 'succeeded',
        amount: 2000,
        amountRefunded: refunded ? 2000 : 0,
        currency: 'usd',
        createdAt: AT,
      },
    ],
    upgrades: [
      {
        id: 'up_1',
        type: 'easy-draw',
        status: 'purchased',
        amount: 2000,
        chargeId: 'ch_2',
        createdAt: AT,
      },
    ],
    refunds: refunded
      ? [
          {
            id: 'rf_1',
            lineId: null,
            chargeId: 'ch_1',
            amount: 9900,
            status: 'succeeded',
            providerRefundId: 're_1',
            reason: null,
            failureMessage: null,
            by: 'ops@bloodwise.test',
            createdAt: AT,
          },
        ]
      : [],
    refundable: 9900 - refunded,
    subscription: null,
  };
}

const SEARCH = { orders: [detail(0).order], nextCursor: null };
const SEARCH_LABEL = 'Order number, e-mail or card’s last four';
const NUMBER = '5B1C8F5E';
const PLAN = {
  id: 'sub_ada',
  status: 'active' as const,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-22T00:00:00.000Z',
};

/** The detail of a subscription's order, its plan as given. */
const planOrder = (refunded: number, plan: OpsOrderDetail['subscription']) => ({
  ...detail(refunded),
  subscription: plan,
});

const dialogNamed = (name: RegExp) => screen.findByRole('dialog', { name });

describe('orders screen', () => {
  it('finds an order by the number the customer reads out and opens it on a page of its own', async () => {
    const { user, api, store } = renderOps('/ops/orders', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/orders') return { status: 200, data: SEARCH };
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(0) };
      return undefined;
    });
    await user.type(screen.getByLabelText(SEARCH_LABEL), `${NUMBER}{Enter}`);
    await waitFor(() =>
      expect(api.calls(/ops\/orders$/).at(-1)?.params).toEqual({ q: NUMBER, limit: '25' }),
    );
    // The list shows the number as the thank-you page does.
    expect(await screen.findByText(NUMBER, { selector: 'code' })).toBeInTheDocument();
    // A click anywhere on the row opens the order where the operator is looking: its own page.
    await user.click(screen.getByText('ada@example.com'));
    expect(store.getLocation().pathname).toBe(`/ops/orders/${ID}`);
    const heading = await screen.findByRole('heading', { level: 2, name: `Order ${NUMBER}` });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Blood test kit')).toBeInTheDocument();
    expect(screen.getByText('easy-draw')).toBeInTheDocument();
    expect(screen.getByText('ch_2')).toBeInTheDocument();
    expect(screen.getByTestId('refundable')).toHaveTextContent('$99');
    // Back returns to the same search.
    await user.click(screen.getByRole('link', { name: '← Back to orders' }));
    expect(`${store.getLocation().pathname}${store.getLocation().search}`).toBe(
      `/ops/orders?q=${NUMBER}`,
    );
    expect(await screen.findByLabelText(SEARCH_LABEL)).toHaveValue(NUMBER);
  });

  it('opens an order from the keyboard: the row takes focus and Enter opens it', async () => {
    const { user, store } = renderOps('/ops/orders', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/orders') return { status: 200, data: SEARCH };
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(0) };
      return undefined;
    });
    const row = await screen.findByRole('row', { name: `Order ${NUMBER}, ada@example.com` });
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(store.getLocation().pathname).toBe(`/ops/orders/${ID}`);
    expect(await screen.findByText('Blood test kit')).toBeInTheDocument();
  });

  it('sends an old ?order= link to the order’s own page', async () => {
    const { store } = renderOps(`/ops/orders?order=${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(0) };
      if (method === 'get' && url === '/api/v1/ops/orders') return { status: 200, data: SEARCH };
      return undefined;
    });
    expect(await screen.findByText('Blood test kit')).toBeInTheDocument();
    expect(store.getLocation().pathname).toBe(`/ops/orders/${ID}`);
  });

  it('refunds the whole order once, even on a double click, after a centred confirmation naming the amount and card', async () => {
    let refunded = 0;
    let release: (answer: FakeAnswer) => void = () => undefined;
    const { user, api } = renderOps(`/ops/orders/${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(refunded) };
      if (method === 'post' && url === `/api/v1/ops/orders/${ID}/refunds`)
        return new Promise<FakeAnswer>((resolve) => {
          release = resolve;
        });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: /Refund the whole order/ }));
    const dialog = await dialogNamed(/Refund \$99\?/);
    expect(dialog.closest('.ant-modal-wrap')).toHaveClass('ant-modal-centered');
    expect(dialog).toHaveTextContent(
      '$99 for the whole order goes back to ada@example.com, on Visa •••• 4242',
    );
    // Not a subscription's order: nothing said about a plan.
    expect(within(dialog).queryByText(/plan/)).toBeNull();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund $99' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Refund the whole order/ })).toBeDisabled(),
    );
    const posts = api.calls(/refunds$/, 'post');
    const keys = new Set(
      posts.map((post) => (post.body as { idempotencyKey: string }).idempotencyKey),
    );
    expect(keys.size).toBe(1);
    expect(posts[0]?.body).toEqual({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    refunded = 9900;
    release({ status: 200, data: { refunds: detail(9900).refunds, order: detail(9900) } });
    expect(await screen.findByRole('button', { name: 'Fully refunded' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('refundable')).toHaveTextContent('$0');
    expect(screen.getAllByText('succeeded').length).toBeGreaterThan(0);
  });

  it('refunds one line, and a failed refund shows in the dialog and is retried with the same key', async () => {
    let attempt = 0;
    const { user, api } = renderOps(`/ops/orders/${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(0) };
      if (method === 'post') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 503,
              data: {
                error: { code: 'PROVIDER_UNAVAILABLE', message: 'The provider did not answer' },
              },
            }
          : { status: 200, data: { refunds: [], order: detail(0) } };
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Refund $20' }));
    const dialog = await dialogNamed(/Refund \$20\?/);
    expect(dialog).toHaveTextContent('$20 for “Easy draw” goes back to ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20' }));
    expect(await within(dialog).findByText('The refund did not go through')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20' }));
    await waitFor(() => expect(api.calls(/refunds$/, 'post')).toHaveLength(2));
    const [first, second] = api
      .calls(/refunds$/, 'post')
      .map((post) => post.body as { idempotencyKey: string; lineId: number });
    expect(first?.lineId).toBe(2);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a subscription’s order says the plan keeps billing, and cancels it only when asked', async () => {
    const { user, api } = renderOps(`/ops/orders/${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: planOrder(0, PLAN) };
      if (method === 'post' && url.endsWith('/refunds'))
        return { status: 200, data: { refunds: [], order: planOrder(0, PLAN) } };
      return undefined;
    });
    // A refund alone: the plan is left as it is.
    await user.click(await screen.findByRole('button', { name: 'Refund $79' }));
    let dialog = await dialogNamed(/Refund \$79\?/);
    expect(within(dialog).getByText('The plan keeps billing')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'The refund does not cancel it: the next renewal is charged on Dec 22, 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund $79' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(/refunds$/, 'post')).toHaveLength(1);
    expect(api.calls(/cancel$/, 'post')).toHaveLength(0);

    // Ticked: the refund, then the plan cancelled now with the operator's reason.
    await user.click(screen.getByRole('button', { name: /Refund the whole order/ }));
    dialog = await dialogNamed(/Refund \$99\?/);
    await user.click(within(dialog).getByRole('checkbox', { name: /Also cancel the plan now/ }));
    const confirm = within(dialog).getByRole('button', { name: 'Refund $99' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Why the plan is cancelled/), 'Asked to stop');
    await user.click(confirm);
    await waitFor(() => expect(api.calls(/cancel$/, 'post')).toHaveLength(1));
    expect(api.calls(/cancel$/, 'post')[0]).toMatchObject({
      url: '/api/v1/ops/subscriptions/sub_ada/cancel',
      body: { when: 'now', reason: 'Asked to stop' },
    });
    expect(api.calls(/refunds$/, 'post')).toHaveLength(2);
  });

  it('on a cancelled plan’s order says nothing more will be billed', async () => {
    const { user } = renderOps(`/ops/orders/${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: planOrder(0, { ...PLAN, status: 'canceled' }) };
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: /Refund the whole order/ }));
    const dialog = await dialogNamed(/Refund \$99\?/);
    expect(dialog).toHaveTextContent(
      'plan sub_ada, which is cancelled: nothing more will be billed',
    );
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});
