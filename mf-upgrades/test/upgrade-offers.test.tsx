import { act, screen, waitFor, within } from '@testing-library/react';
import { orderQueryKey } from '@shop/shared/contract/cart-keys';
import userEvent from '@testing-library/user-event';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import { CONFIRM_POLL_MS, CONFIRM_POLLS } from '../src/features/offers/hooks/use-upgrade-offers';
import { createFakeUpgradesApi, ORDER } from './support/fake-upgrades-api';
import { answerChallenge, fakeNextAction } from '@shop/shared/payments/test-provider-fake';
import { renderUpgrades } from './support/render-upgrades';

const offer = (name: string) => screen.findByRole('article', { name });
const addedList = () => screen.findByRole('list', { name: 'Added to your order' });

/** The bp-tape upgrade as the API answers while the bank asks the shopper to confirm. */
const heldBpTape = (clientSecret: string) => ({
  id: 'upg_bp',
  type: 'bp-tape',
  status: 'pending',
  chargeId: null,
  amount: 2_900,
  quantity: 1,
  title: 'Blood-Pressure Monitor with Measuring Tape',
  nextAction: {
    type: 'provider_action',
    clientSecret,
    message: 'Your bank asks you to confirm this payment.',
  },
});

describe('upgrade offers on the thank-you page', () => {
  it('shows each offer with its price and benefit, and a way to decline it', async () => {
    renderUpgrades();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Add to your order' }),
    ).toBeInTheDocument();
    const miniPanel = await offer('Mini Panel');
    expect(within(miniPanel).getByText('$39')).toBeInTheDocument();
    expect(
      within(miniPanel).getByText('A quick 4-marker check between full panels.'),
    ).toBeInTheDocument();
    expect(within(miniPanel).getByRole('button', { name: 'No thanks' })).toBeInTheDocument();
    expect(within(await offer('Easy-Draw Collection Device')).getByText('$49')).toBeInTheDocument();
    expect(
      within(await offer('Blood-Pressure Monitor with Measuring Tape')).getByText('$59'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('data-upgrade')),
    ).toEqual(['mini-panel', 'easy-draw', 'bp-tape']);
  });

  it('does not offer an upgrade the shopper already has kits scheduled for', async () => {
    const api = createFakeUpgradesApi();
    api.on(({ url }) =>
      url === '/kits/products/has-scheduled'
        ? { status: 200, data: { hasScheduled: { mini_panel_upgrade: true } } }
        : undefined,
    );
    renderUpgrades({ api });
    await offer('Easy-Draw Collection Device');
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('data-upgrade')),
    ).toEqual(['easy-draw', 'bp-tape']);
    expect(api.calls(/has-scheduled$/)[0]!.params).toEqual({
      ids: 'mini_panel_upgrade,easy_draw_device,bp_monitor_tape',
    });
  });

  it('accepting the mini panel records it as pending, then buys it, and shows it as added', async () => {
    const user = userEvent.setup();
    const { api, record, queryClient } = renderUpgrades();
    queryClient.setQueryData(orderQueryKey(ORDER.orderId), { id: ORDER.orderId });
    await user.click(
      within(await offer('Mini Panel')).getByRole('button', { name: 'Add to my order' }),
    );

    expect(within(await addedList()).getByText('Mini Panel')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Mini Panel' })).not.toBeInTheDocument();
    const posts = api.requests.filter((request) => request.method === 'post');
    expect(posts.map((request) => [request.url, request.body])).toEqual([
      [
        '/payments/stripe-subscriptions/checkout/mini-panel-upgrade/pending',
        { paymentId: ORDER.paymentId, upgradable: 'bloodwise_kit_one_time', email: ORDER.email },
      ],
      [
        '/payments/stripe-subscriptions/checkout/mini-panel-upgrade',
        {
          priceId: 'price_mini_panel_upgrade',
          paymentId: ORDER.paymentId,
          email: ORDER.email,
          quantity: 1,
          product: 'bloodwise_kit_one_time',
          upgradeTo: 'mini_panel_upgrade',
        },
      ],
    ]);
    expect(record.notifications).toEqual([
      { level: 'success', message: 'Mini Panel added to your order' },
    ]);
    // The thank-you page's order summary is refetched so it lists the new line.
    expect(queryClient.getQueryState(orderQueryKey(ORDER.orderId))?.isInvalidated).toBe(true);
  });

  it('buys the easy draw and the bp monitor with tape in one click each', async () => {
    const user = userEvent.setup();
    const { api } = renderUpgrades();
    await user.click(
      within(await offer('Easy-Draw Collection Device')).getByRole('button', {
        name: 'Add to my order',
      }),
    );
    await user.click(
      within(await offer('Blood-Pressure Monitor with Measuring Tape')).getByRole('button', {
        name: 'Add to my order',
      }),
    );
    await waitFor(async () =>
      expect(within(await addedList()).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(api.calls(/easy-draw-upgrade$/, 'post')[0]!.body).toEqual({
      priceId: 'price_easy_draw_device',
      paymentId: ORDER.paymentId,
      email: ORDER.email,
      product: 'bloodwise_kit_one_time',
    });
    expect(api.calls(/\/checkout\/pi_test_order\/buy-bp-tape$/, 'post')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('sends one purchase for a double-click', async () => {
    const user = userEvent.setup();
    const { api } = renderUpgrades();
    const button = within(await offer('Easy-Draw Collection Device')).getByRole('button', {
      name: 'Add to my order',
    });
    await user.dblClick(button);
    await addedList();
    expect(api.calls(/easy-draw-upgrade$/, 'post')).toHaveLength(1);
  });

  it('keeps the offer after a failed charge, says why, and Try again buys it', async () => {
    const user = userEvent.setup();
    const api = createFakeUpgradesApi();
    let declines = 1;
    api.on((request) => {
      if (
        request.method !== 'post' ||
        !request.url.endsWith('/checkout/mini-panel-upgrade') ||
        declines === 0
      )
        return undefined;
      declines -= 1;
      return {
        status: 402,
        data: {
          error: {
            code: 'CARD_DECLINED',
            message: 'Your card was declined.',
            fields: { card: 'Your card was declined.' },
          },
        },
      };
    });
    renderUpgrades({ api });
    const miniPanel = await offer('Mini Panel');
    await user.click(within(miniPanel).getByRole('button', { name: 'Add to my order' }));

    const alert = await within(miniPanel).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Mini Panel was not added: Your card was declined. Your order itself is confirmed.',
    );
    expect(within(miniPanel).getByRole('button', { name: 'Add to my order' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Added to your order' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await addedList()).getByText('Mini Panel')).toBeInTheDocument();
    // The retry records pending again (the server keeps the one row) and buys once more.
    expect(api.calls(/mini-panel-upgrade\/pending$/, 'post')).toHaveLength(2);
    expect(api.calls(/mini-panel-upgrade$/, 'post')).toHaveLength(2);
  });

  it('finishes a 3-D Secure check on the saved card in the bank’s dialog, then confirms the upgrade', async () => {
    const user = userEvent.setup();
    const api = createFakeUpgradesApi();
    const held = heldBpTape('pi_up_secret_1');
    api.on(({ method, url }) =>
      method === 'post' && url.endsWith('/buy-bp-tape') ? { status: 202, data: held } : undefined,
    );
    api.on(({ method, url }) =>
      method === 'post' && url.endsWith('/checkout/upgrades/upg_bp/confirm')
        ? {
            status: 200,
            data: { ...held, status: 'completed', chargeId: 'pi_up', nextAction: null },
          }
        : undefined,
    );
    const asked = fakeNextAction({
      type: 'challenge',
      url: '/test-provider/authenticate?client_secret=pi_up_secret_1',
    });
    renderUpgrades({ api });
    await user.click(
      within(await offer('Blood-Pressure Monitor with Measuring Tape')).getByRole('button', {
        name: 'Add to my order',
      }),
    );
    await screen.findByRole('dialog', { name: 'Confirm your payment with your bank' });
    expect(asked[0]).toContain('client_secret=pi_up_secret_1');
    expect(api.calls(/\/confirm$/)).toHaveLength(0);
    await answerChallenge('succeeded');
    expect(
      within(await addedList()).getByText('Blood-Pressure Monitor with Measuring Tape'),
    ).toBeInTheDocument();
    expect(api.calls(/\/checkout\/upgrades\/upg_bp\/confirm$/, 'post')).toHaveLength(1);
  });

  it('keeps the offer when the bank refuses the check, and says it was not charged', async () => {
    const user = userEvent.setup();
    const api = createFakeUpgradesApi();
    const held = heldBpTape('pi_up_secret_2');
    api.on(({ method, url }) =>
      method === 'post' && url.endsWith('/buy-bp-tape') ? { status: 202, data: held } : undefined,
    );
    api.on(({ method, url }) =>
      method === 'post' && url.endsWith('/confirm')
        ? { status: 200, data: { ...held, nextAction: null } }
        : undefined,
    );
    fakeNextAction({ type: 'challenge', url: '/test-provider/authenticate?client_secret=x' });
    renderUpgrades({ api });
    const card = await offer('Blood-Pressure Monitor with Measuring Tape');
    await user.click(within(card).getByRole('button', { name: 'Add to my order' }));
    await answerChallenge('failed');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'was not added: Your bank did not confirm the payment. Please try again or use another card.',
    );
    expect(screen.queryByRole('list', { name: 'Added to your order' })).not.toBeInTheDocument();
  });

  it('hides an offer on No thanks without buying, and says so when every offer is declined', async () => {
    const user = userEvent.setup();
    const { api } = renderUpgrades();
    for (const name of [
      'Mini Panel',
      'Easy-Draw Collection Device',
      'Blood-Pressure Monitor with Measuring Tape',
    ]) {
      await user.click(within(await offer(name)).getByRole('button', { name: 'No thanks' }));
      expect(screen.queryByRole('article', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByText('No add-ons this time. Your order is all set.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'post')).toEqual([]);
    expect(window.sessionStorage.getItem(`upgrades-dismissed:${ORDER.orderId}`)).toBe(
      'mini-panel,easy-draw,bp-tape',
    );
    window.sessionStorage.clear();
  });

  it('lists upgrades bought before (a reload) as added, and does not offer them again', async () => {
    renderUpgrades({ api: createFakeUpgradesApi({ bought: ['mini-panel', 'bp-tape'] }) });
    const added = await addedList();
    expect(
      within(added)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mini Panel$39', 'Blood-Pressure Monitor with Measuring Tape$59']);
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('data-upgrade')),
    ).toEqual(['easy-draw']);
  });

  it('titles the area "Added to your order" once everything is bought', async () => {
    renderUpgrades({
      api: createFakeUpgradesApi({ bought: ['mini-panel', 'easy-draw', 'bp-tape'] }),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Added to your order' }),
    ).toBeInTheDocument();
    expect(within(await addedList()).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('treats a purchase the server already has as added', async () => {
    const user = userEvent.setup();
    const api = createFakeUpgradesApi();
    renderUpgrades({ api });
    const easyDraw = await offer('Easy-Draw Collection Device');
    api.status.set('easy-draw', 'completed'); // bought in another tab meanwhile
    await user.click(within(easyDraw).getByRole('button', { name: 'Add to my order' }));
    expect(within(await addedList()).getByText('Easy-Draw Collection Device')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("skips upgrade-purchased for a paymentId of 'undefined' and buys with the order id", async () => {
    const user = userEvent.setup();
    const { api } = renderUpgrades({ areaProps: { ...ORDER, paymentId: 'undefined' } });
    await user.click(
      within(await offer('Blood-Pressure Monitor with Measuring Tape')).getByRole('button', {
        name: 'Add to my order',
      }),
    );
    await addedList();
    expect(api.calls(/upgrade-purchased/)).toHaveLength(0);
    expect(api.calls(/^\/api\/mini-panel-upgrade$/)[0]!.params).toEqual({
      lookupKeys: '["bloodwise_kit_one_time"]',
    });
    expect(api.calls(new RegExp(`/checkout/${ORDER.orderId}/buy-bp-tape$`), 'post')).toHaveLength(
      1,
    );
  });

  it('says quietly when the offers cannot load', async () => {
    const api = createFakeUpgradesApi();
    api.on(() => ({
      status: 503,
      data: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } },
    }));
    renderUpgrades({ api });
    expect(await screen.findByText('Add-ons are not available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a placeholder when mounted without an order', () => {
    renderUpgrades({ areaProps: {} });
    expect(screen.getByRole('heading', { name: 'Add to your order' })).toBeInTheDocument();
    expect(
      screen.getByText('Add-ons for an order show here once it is placed.'),
    ).toBeInTheDocument();
  });
});

describe('a charge the server is still confirming', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The bank took the money but the upgrade's record was not written yet: 409, the job finishes it. */
  function stillConfirming() {
    const api = createFakeUpgradesApi();
    api.on((request) =>
      request.method === 'post' && request.url.endsWith('/checkout/mini-panel-upgrade')
        ? fakeError(
            409,
            'CONFLICT',
            'We are still confirming your payment. Check your order in a few minutes; you will not be charged twice.',
          )
        : undefined,
    );
    return api;
  }
  const purchasedChecks = (api: ReturnType<typeof createFakeUpgradesApi>) =>
    api.calls(/upgrade-purchased/).filter((call) => call.params.type === 'mini-panel').length;
  const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  it('says the payment is being confirmed, then shows the upgrade as added once it is', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = stillConfirming();
    const { queryClient } = renderUpgrades({ api });
    queryClient.setQueryData(orderQueryKey(ORDER.orderId), { id: ORDER.orderId });
    const miniPanel = await offer('Mini Panel');
    await user.click(within(miniPanel).getByRole('button', { name: 'Add to my order' }));

    // Not a failure that invites another card: a status, and no button to try again.
    expect(await within(miniPanel).findByRole('status')).toHaveTextContent(
      'We are still confirming your payment for Mini Panel. It shows here as added once it is confirmed; you will not be charged twice.',
    );
    expect(within(miniPanel).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(miniPanel).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(miniPanel).getByRole('button', { name: 'Confirming payment…' })).toBeDisabled();

    // The offer asks the server again until the purchase shows.
    const before = purchasedChecks(api);
    await wait(CONFIRM_POLL_MS);
    expect(purchasedChecks(api)).toBe(before + 1);
    expect(screen.queryByRole('list', { name: 'Added to your order' })).not.toBeInTheDocument();
    api.status.set('mini-panel', 'completed'); // the webhook or the job completed it
    await wait(CONFIRM_POLL_MS);
    expect(within(await addedList()).getByText('Mini Panel')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Mini Panel' })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(orderQueryKey(ORDER.orderId))?.isInvalidated).toBe(true);
    // Purchased: no more asking.
    const settled = purchasedChecks(api);
    await wait(CONFIRM_POLL_MS * 3);
    expect(purchasedChecks(api)).toBe(settled);
  });

  it('stops asking after a bounded number of checks', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = stillConfirming();
    renderUpgrades({ api });
    const miniPanel = await offer('Mini Panel');
    await user.click(within(miniPanel).getByRole('button', { name: 'Add to my order' }));
    await within(miniPanel).findByRole('status');
    const before = purchasedChecks(api);
    await wait(CONFIRM_POLL_MS * (CONFIRM_POLLS + 5));
    expect(purchasedChecks(api)).toBe(before + CONFIRM_POLLS);
    expect(within(miniPanel).getByRole('status')).toHaveTextContent(/still confirming/);
  });
});
