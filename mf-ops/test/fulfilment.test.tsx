// The Fulfilment screen: kits of paid orders waiting to ship, each with its slip and label to
// print, marked shipped with the typed tracking number (manual carrier) or after buying labels.
import { screen, waitFor, within } from '@testing-library/react';
import type { QueueEntry, ShippingSlip } from '@shop/shared/contract/fulfilment';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import { renderOps } from './support/render-ops';

const AT = '2026-12-01T09:30:00.000Z';
const KIT_A = '6f1c1a52-1d6b-4c55-9a36-1f3f0e9c0a01';
const KIT_B = '6f1c1a52-1d6b-4c55-9a36-1f3f0e9c0a02';

const kit = (kitId: string, code: string, extra: Partial<QueueEntry> = {}): QueueEntry => ({
  kitId,
  code,
  title: 'Bloodwise Essential Panel',
  orderId: 'ord-1',
  customerName: 'Ada Shopper',
  shipTo: {
    name: 'Ada Shopper',
    line1: '10 Elm St',
    line2: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
  createdAt: AT,
  shipmentStatus: null,
  labelsBought: 0,
  ...extra,
});

const ignoreReleases = (method: string, url: string) =>
  method === 'get' && url === '/api/v1/ops/deliveries'
    ? fakeError(503, 'UNAVAILABLE', 'not this test')
    : undefined;

describe('fulfilment screen', () => {
  it('is in the navigation, lists the kits to ship and marks one shipped with its tracking number', async () => {
    let queue = [kit(KIT_A, 'ABCDE1GHJK5'), kit(KIT_B, 'QRSTV2WXYZ7')];
    const { user, api } = renderOps('/ops/releases', ({ method, url, body }) => {
      if (method === 'get' && url === '/api/v1/ops/fulfilment/queue')
        return { status: 200, data: { carrier: 'manual', kits: queue } };
      if (method === 'post' && url === `/api/v1/ops/fulfilment/kits/${KIT_A}/shipped`) {
        queue = queue.filter((entry) => entry.kitId !== KIT_A);
        return {
          status: 200,
          data: {
            carrier: 'manual',
            status: 'shipped',
            trackingCode: (body as { trackingCode: string }).trackingCode,
            shippedAt: AT,
            deliveredAt: null,
            labels: [],
            tracking: [],
          },
        };
      }
      return ignoreReleases(method, url);
    });
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    await user.click(within(nav).getByRole('link', { name: 'Fulfilment' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Kits to ship' }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Kit ABCDE1GHJK5' });
    expect(first).toHaveTextContent('Ada Shopper, Austin, TX 78701');
    expect(screen.getByRole('listitem', { name: 'Kit QRSTV2WXYZ7' })).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Print slip and label for kit ABCDE1GHJK5' }),
    ).toHaveAttribute('href', `/ops/fulfilment/${KIT_A}`);

    // A number that cannot be one is caught before anything is sent.
    const mark = within(first).getByRole('button', { name: 'Mark kit ABCDE1GHJK5 shipped' });
    await user.type(within(first).getByLabelText('Tracking number'), 'abc');
    await user.click(mark);
    expect(within(first).getByText(/6 to 40 letters and digits/)).toBeInTheDocument();
    expect(api.calls(/shipped$/, 'post')).toHaveLength(0);

    const input = within(first).getByLabelText('Tracking number');
    await user.clear(input);
    await user.type(input, '9400 1000 0000 0000 0000 01');
    await user.click(within(first).getByRole('button', { name: 'Mark kit ABCDE1GHJK5 shipped' }));
    expect(
      await screen.findByText('Shipped with tracking number 9400100000000000000001.'),
    ).toBeInTheDocument();
    expect(api.calls(/shipped$/, 'post')[0]?.body).toEqual({
      trackingCode: '9400100000000000000001',
    });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Kit ABCDE1GHJK5' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Kit QRSTV2WXYZ7' })).toBeInTheDocument();
  });

  it("says why a kit was not marked shipped, in the API's words", async () => {
    const { user } = renderOps('/ops/fulfilment', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/fulfilment/queue')
        return { status: 200, data: { carrier: 'manual', kits: [kit(KIT_A, 'ABCDE1GHJK5')] } };
      if (method === 'post' && url.endsWith('/shipped'))
        return fakeError(409, 'CONFLICT', 'Another kit was shipped with this tracking number.');
      return ignoreReleases(method, url);
    });
    const card = await screen.findByRole('listitem', { name: 'Kit ABCDE1GHJK5' });
    await user.type(within(card).getByLabelText('Tracking number'), '9400100000000000000001');
    await user.click(within(card).getByRole('button', { name: 'Mark kit ABCDE1GHJK5 shipped' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The kit was not marked shipped');
    expect(alert).toHaveTextContent('Another kit was shipped with this tracking number.');
    expect(screen.getByRole('listitem', { name: 'Kit ABCDE1GHJK5' })).toBeInTheDocument();
  });

  it('with EasyPost, buys the labels first and then ships with their number', async () => {
    let labelled = false;
    const { user, api } = renderOps('/ops/fulfilment', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/fulfilment/queue')
        return {
          status: 200,
          data: {
            carrier: 'easypost',
            kits: [
              kit(
                KIT_A,
                'ABCDE1GHJK5',
                labelled ? { labelsBought: 2, shipmentStatus: 'preparing' } : {},
              ),
            ],
          },
        };
      if (method === 'post' && url.endsWith('/labels')) {
        labelled = true;
        return {
          status: 200,
          data: {
            carrier: 'easypost',
            status: 'preparing',
            trackingCode: '9400111',
            shippedAt: null,
            deliveredAt: null,
            labels: [],
            tracking: [],
          },
        };
      }
      if (method === 'post' && url.endsWith('/shipped'))
        return {
          status: 200,
          data: {
            carrier: 'easypost',
            status: 'shipped',
            trackingCode: '9400111',
            shippedAt: AT,
            deliveredAt: null,
            labels: [],
            tracking: [],
          },
        };
      return ignoreReleases(method, url);
    });
    const card = await screen.findByRole('listitem', { name: 'Kit ABCDE1GHJK5' });
    expect(within(card).queryByLabelText('Tracking number')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Buy labels for kit ABCDE1GHJK5' }));
    const ship = await screen.findByRole('button', { name: 'Mark kit ABCDE1GHJK5 shipped' });
    await user.click(ship);
    expect(await screen.findByText('Shipped with tracking number 9400111.')).toBeInTheDocument();
    expect(api.calls(/shipped$/, 'post')[0]?.body).toEqual({});
  });

  it('prints the slip: the kit code as text and barcode, and the address label', async () => {
    const slip: ShippingSlip = {
      carrier: 'manual',
      kit: {
        kitId: KIT_A,
        code: 'ABCDE1GHJK5',
        title: 'Bloodwise Essential Panel',
        state: 'created',
        orderId: 'ord-1',
        customerName: 'Ada Shopper',
        shipTo: kit(KIT_A, 'ABCDE1GHJK5').shipTo,
      },
      shipment: null,
      barcodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    };
    renderOps(`/ops/fulfilment/${KIT_A}`, ({ method, url }) => {
      if (method === 'get' && url === `/api/v1/ops/fulfilment/kits/${KIT_A}`)
        return { status: 200, data: slip };
      return ignoreReleases(method, url);
    });
    const packing = await screen.findByRole('article', { name: 'Packing slip' });
    expect(packing).toHaveTextContent('ABCDE-1GHJK-5');
    expect(
      within(packing).getByRole('img', { name: 'Barcode of kit ABCDE1GHJK5' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    const label = screen.getByRole('article', { name: 'Shipping label' });
    expect(within(label).getByLabelText('Ship to')).toHaveTextContent('10 Elm St');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
