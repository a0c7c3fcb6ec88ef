import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { OrderList } from '@shop/shared/contract/ops';
import type { RecordedRequest } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

type Summary = OrderList['orders'][number];

function order(n: number, change: Partial<Summary> = {}): Summary {
  return {
    id: `5b1c8f5e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'consumer',
    email: `customer${n}@example.com`,
    name: `Customer ${n}`,
    status: 'paid',
    currency: 'usd',
    total: 9900,
    refunded: 0,
    businessKey: null,
    createdAt: `2026-03-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
    ...change,
  };
}

const PARTNERS = {
  partners: [{ shopKey: 'acme-wellness', businessName: 'Acme Wellness', updatedAt: 'x' }],
};

/** The list's API: pages by cursor; every other call unanswered (the fake then fails it). */
function listApi(pages: Record<string, OrderList>) {
  return ({ method, url, params }: RecordedRequest) => {
    if (method === 'get' && url === '/api/v1/ops/partners') return { status: 200, data: PARTNERS };
    if (method === 'get' && url === '/api/v1/ops/orders') {
      const cursor = typeof params.cursor === 'string' ? params.cursor : 'first';
      return { status: 200, data: pages[cursor] ?? { orders: [], nextCursor: null } };
    }
    return undefined;
  };
}

const rowsShown = () =>
  screen
    .getAllByRole('link', { name: /^Open order / })
    .map((link) => link.getAttribute('aria-label')!.slice('Open order '.length));

describe('orders list', () => {
  it('opens on the newest orders with their kind, partner and status, each linking to its detail', async () => {
    const { api } = renderOps(
      '/ops/orders',
      listApi({
        first: {
          orders: [
            order(3, { kind: 'employer' }),
            order(2, { kind: 'business', businessKey: 'acme-wellness', status: 'failed' }),
            order(1),
          ],
          nextCursor: null,
        },
      }),
    );
    await screen.findByText('customer3@example.com');
    expect(rowsShown()).toEqual([order(3).id, order(2).id, order(1).id]);
    expect(api.calls(/ops\/orders$/)[0]?.params).toEqual({ limit: '25' });
    const row = screen.getByText('customer2@example.com').closest('tr')!;
    expect(within(row).getByText('Partner storefront')).toBeInTheDocument();
    expect(within(row).getByText('acme-wellness')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Employer pays')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 orders');
    expect(screen.getByRole('link', { name: `Open order ${order(2).id}` })).toHaveAttribute(
      'href',
      `/ops/orders/${order(2).id}`,
    );
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
  });

  it('reads its filters from the address and asks the API for them, the days as local midnights', async () => {
    const { api } = renderOps(
      '/ops/orders?status=failed,paid&kind=business&partner=acme-wellness&from=2026-03-01&to=2026-03-31&bogus=1',
      listApi({ first: { orders: [], nextCursor: null } }),
    );
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
    expect(api.calls(/ops\/orders$/)[0]?.params).toEqual({
      status: 'failed,paid',
      kind: 'business',
      partner: 'acme-wellness',
      from: dayjs('2026-03-01').toISOString(),
      to: dayjs('2026-04-01').toISOString(),
      limit: '25',
    });
    expect(screen.getByLabelText('Placed from')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Placed to')).toHaveValue('2026-03-31');
  });

  it('applies the form to the address and the request, and clears it', async () => {
    const { user, api, store } = renderOps(
      '/ops/orders',
      listApi({ first: { orders: [order(1)], nextCursor: null } }),
    );
    await screen.findByText('customer1@example.com');
    await user.click(screen.getByLabelText('Status'));
    await user.click(
      await screen.findByText('Needs action', { selector: '.ant-select-item-option-content' }),
    );
    await user.type(screen.getByLabelText('Placed from'), '2026-03-02');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(store.getLocation().search).toBe('?status=requires_action&from=2026-03-02'),
    );
    await waitFor(() =>
      expect(api.calls(/ops\/orders$/).at(-1)?.params).toEqual({
        status: 'requires_action',
        from: dayjs('2026-03-02').toISOString(),
        limit: '25',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(store.getLocation().search).toBe(''));
    expect(screen.getByLabelText('Placed from')).toHaveValue('');
  });

  it('pages by cursor: older orders are added below, the filters kept', async () => {
    const { user, api } = renderOps(
      '/ops/orders?status=paid',
      listApi({
        first: { orders: [order(4), order(3)], nextCursor: 'c1' },
        c1: { orders: [order(2), order(1)], nextCursor: null },
      }),
    );
    await screen.findByText('customer4@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('older ones on request');
    await user.click(screen.getByRole('button', { name: 'Show older orders' }));
    await screen.findByText('customer1@example.com');
    expect(rowsShown()).toEqual([order(4).id, order(3).id, order(2).id, order(1).id]);
    expect(api.calls(/ops\/orders$/).map((call) => call.params)).toEqual([
      { status: 'paid', limit: '25' },
      { status: 'paid', limit: '25', cursor: 'c1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
  });

  it('says so when the list cannot load, and tries again on request', async () => {
    let fail = true;
    const { user } = renderOps('/ops/orders', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/partners')
        return { status: 200, data: PARTNERS };
      if (method === 'get' && url === '/api/v1/ops/orders')
        return fail
          ? { status: 503, data: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }
          : { status: 200, data: { orders: [], nextCursor: null } };
      return undefined;
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Could not load orders')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });
});
