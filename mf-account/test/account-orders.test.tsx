import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountOrderDetail, AccountOrderSummary } from '@shop/shared/contract/account-orders';
import { errorBody, renderAccount } from './support/render-account';

const ORDER_ID = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const RENEWAL_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

const summary = (overrides: Partial<AccountOrderSummary> = {}): AccountOrderSummary => ({
  id: ORDER_ID,
  number: '3F2A9C1E',
  kind: 'consumer',
  partnerName: null,
  status: 'paid',
  currency: 'usd',
  total: 27_415,
  refunded: 0,
  summary: 'Bloodwise Complete Panel',
  createdAt: '2030-01-15T12:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<AccountOrderDetail> = {}): AccountOrderDetail => ({
  ...summary(),
  email: 'ada@example.com',
  lines: [{ title: 'Bloodwise Complete Panel', quantity: 2, unitAmount: 14_900, amount: 29_800 }],
  subtotal: 29_800,
  discount: 2_980,
  discountCode: 'WELCOME10',
  shipping: 595,
  total: 27_415,
  paymentLabel: 'Visa •••• 4242',
  shippingAddress: {
    name: 'Ada Shopper',
    line1: '1 Main St',
    line2: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
  refunds: [],
  subscriptionId: null,
  ...overrides,
});

describe('/account/orders', () => {
  it('lists every order of the account with where it came from, its total and status, each a link', async () => {
    renderAccount('/account/orders', {
      routes: {
        'GET /api/v1/account/orders': [
          200,
          {
            orders: [
              summary({
                id: RENEWAL_ID,
                number: 'A1B2C3D4',
                kind: 'renewal',
                summary: 'Bloodwise Monthly',
                total: 9_900,
                createdAt: '2030-02-15T12:00:00.000Z',
              }),
              summary({
                id: 'b0000000-0000-4000-8000-000000000002',
                number: 'B0000000',
                kind: 'partner',
                partnerName: 'Acme Wellness',
                refunded: 11_560,
                total: 11_560,
              }),
              summary(),
            ],
          },
        ],
      },
    });
    const rows = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'Order A1B2C3D4Bloodwise MonthlyFeb 15, 2030 · Subscription renewal$99Paid',
      'Order B0000000Bloodwise Complete PanelJan 15, 2030 · Acme Wellness shop$115.60Refunded',
      'Order 3F2A9C1EBloodwise Complete PanelJan 15, 2030 · Bloodwise shop$274.15Paid',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Order A1B2C3D4' })).toHaveAttribute(
      'href',
      `/account/orders/${RENEWAL_ID}`,
    );
  });

  it('says so when there are no orders yet', async () => {
    renderAccount('/account/orders', {
      routes: { 'GET /api/v1/account/orders': [200, { orders: [] }] },
    });
    expect(await screen.findByText(/No orders yet/)).toBeInTheDocument();
  });

  it('sends a logged-out visitor to log in and back', async () => {
    const { store } = renderAccount('/account/orders', {
      routes: {
        'GET /api/v1/account/orders': [401, errorBody('UNAUTHORIZED', 'Log in')],
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Your orders' });
    await screen.findByText(/Please log in/).catch(() => undefined);
    expect(store.getLocation().pathname).toBe('/login');
    expect(store.getLocation().search).toBe(`?redirect=${encodeURIComponent('/account/orders')}`);
  });
});

describe('/account/orders/:id', () => {
  const open = (order: AccountOrderDetail | null) =>
    renderAccount(`/account/orders/${ORDER_ID}`, {
      routes: {
        [`GET /api/v1/account/orders/${ORDER_ID}`]: order
          ? [200, order]
          : [404, errorBody('NOT_FOUND', 'Order not found')],
      },
    });

  it('shows the lines, totals with the discount and shipping, payment, address, refunds and the receipt to download', async () => {
    open(
      detail({
        refunded: 14_900,
        refunds: [
          {
            id: 'r1',
            amount: 14_900,
            status: 'succeeded',
            lineTitle: 'Bloodwise Complete Panel',
            createdAt: '2030-01-20T12:00:00.000Z',
          },
        ],
        subscriptionId: 'sub_1',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order 3F2A9C1E' }),
    ).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(
      within(within(receipt).getByRole('list', { name: 'Items' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Bloodwise Complete Panel2 × $149$298']);
    expect(
      [...within(receipt).getByLabelText('Totals').children].map((row) => row.textContent),
    ).toEqual([
      'Subtotal$298',
      'Discount (WELCOME10)−$29.80',
      'Shipping$5.95',
      'Total$274.15',
      'Refunded−$149',
    ]);
    expect(within(receipt).getByRole('link', { name: 'Download receipt (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/account/orders/${ORDER_ID}/receipt.pdf`,
    );
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent(
      'Ada Shopper1 Main StAustin, TX 78701United States',
    );
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent(
      'Bloodwise Complete PanelJan 20, 2030−$149',
    );
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your subscription' })).toHaveAttribute(
      'href',
      '/account/subscriptions/sub_1',
    );
  });

  it('prints the receipt on request', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    open(detail());
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent(
      'No refunds on this order.',
    );
  });

  it('says the order is not in the account for a 404 (a stranger’s or a missing id alike)', async () => {
    open(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this order in your account.',
    );
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
  });
});
