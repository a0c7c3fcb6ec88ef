import { screen, waitFor } from '@testing-library/react';
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
  };
}

const SEARCH = { orders: [detail(0).order], nextCursor: null };

describe('orders screen', () => {
  it('finds an order by e-mail and shows its lines, charges, upgrades and what is left to refund', async () => {
    const { user, api } = renderOps('/ops/orders', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/orders') return { status: 200, data: SEARCH };
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(0) };
      return undefined;
    });
    await user.type(screen.getByLabelText('E-mail address or order id'), 'ada@example.com{Enter}');
    await user.click(await screen.findByLabelText(`Open order ${ID}`));
    expect(api.calls(/ops\/orders$/).at(-1)?.params).toEqual({ q: 'ada@example.com', limit: '25' });
    expect(await screen.findByText('Blood test kit')).toBeInTheDocument();
    expect(screen.getByText('easy-draw')).toBeInTheDocument();
    expect(screen.getByText('ch_2')).toBeInTheDocument();
    expect(screen.getByTestId('refundable')).toHaveTextContent('$99');
  });

  it('refunds the whole order once, even on a double click, with one key per intended refund', async () => {
    let refunded = 0;
    let release: (answer: FakeAnswer) => void = () => undefined;
    const { user, api } = renderOps(`/ops/orders?order=${ID}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/orders/${ID}`)
        return { status: 200, data: detail(refunded) };
      if (method === 'post' && url === `/api/v1/ops/orders/${ID}/refunds`)
        return new Promise<FakeAnswer>((resolve) => {
          release = resolve;
        });
      return undefined;
    });
    await user.click(await screen.findByText(/Refund the whole order/));
    const confirm = (await screen.findByText('Refund', { selector: 'button > span' })).closest(
      'button',
    )!;
    await user.dblClick(confirm);
    await waitFor(() =>
      expect(screen.getByText(/Refund the whole order/).closest('button')).toBeDisabled(),
    );
    const posts = api.calls(/refunds$/, 'post');
    const keys = new Set(
      posts.map((post) => (post.body as { idempotencyKey: string }).idempotencyKey),
    );
    expect(keys.size).toBe(1);
    expect(posts[0]?.body).toEqual({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    refunded = 9900;
    release({ status: 200, data: { refunds: detail(9900).refunds, order: detail(9900) } });
    expect((await screen.findByText('Fully refunded')).closest('button')).toBeDisabled();
    expect(screen.getByTestId('refundable')).toHaveTextContent('$0');
    expect(screen.getAllByText('succeeded').length).toBeGreaterThan(0);
  });

  it('refunds one line, and a failed refund is retried with the same key', async () => {
    let attempt = 0;
    const { user, api } = renderOps(`/ops/orders?order=${ID}`, ({ method, url }) => {
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
    await user.click(await screen.findByText(/^Refund \$20/, { selector: 'button > span' }));
    await user.click(
      (await screen.findByText('Refund', { selector: 'button > span' })).closest('button')!,
    );
    expect(await screen.findByText('The refund did not go through')).toBeInTheDocument();
    await user.click(screen.getByText(/^Refund \$20/, { selector: 'button > span' }));
    await user.click(
      (await screen.findByText('Refund', { selector: 'button > span' })).closest('button')!,
    );
    await waitFor(() => expect(api.calls(/refunds$/, 'post')).toHaveLength(2));
    const [first, second] = api
      .calls(/refunds$/, 'post')
      .map((post) => post.body as { idempotencyKey: string; lineId: number });
    expect(first?.lineId).toBe(2);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });
});
