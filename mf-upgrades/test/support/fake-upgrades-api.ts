// A test double of the shop API for the upgrades area: answers the offer, purchase-state and
// purchase calls from in-memory state like the server does (one purchase per upgrade).
import { TEST_PAYMENTS_CONFIG } from '@shop/shared/payments/test-provider-fake';
import type { UpgradeType } from '@shop/shared/contract/upgrades';
import {
  createFakeApi,
  fakeError,
  type FakeAnswer,
  type FakeHandler,
} from '@shop/shared/shell-contract/fake-api';

export const ORDER = {
  orderId: '5b1c8f5e-0000-4000-8000-000000000001',
  paymentId: 'pi_test_order',
  email: 'ada@example.com',
  lookupKeys: ['bloodwise_kit_one_time'],
};

const product = (
  key: string,
  title: string,
  description: string,
  price: string,
  unitAmount: number,
) => ({
  offer: {
    key,
    type: 'add-on',
    kitType: key,
    title,
    quantity: 1,
    price,
    description,
    biomarkers: [],
    badge: null,
  },
  price: {
    id: `price_${price}`,
    lookupKey: price,
    productKey: key,
    unitAmount,
    currency: 'usd',
    type: 'one_time',
    recurring: null,
    metadata: {},
  },
});

export const PRODUCTS: Record<UpgradeType, ReturnType<typeof product>> = {
  'mini-panel': product(
    'mini-panel',
    'Mini Panel',
    'A quick 4-marker check between full panels.',
    'mini_panel_upgrade',
    3_900,
  ),
  'easy-draw': product(
    'easy-draw',
    'Easy-Draw Collection Device',
    'A painless upper-arm collection device instead of the finger prick.',
    'easy_draw_device',
    4_900,
  ),
  'bp-tape': product(
    'bp-monitor-tape',
    'Blood-Pressure Monitor with Measuring Tape',
    'A validated upper-arm blood-pressure monitor and a waist measuring tape.',
    'bp_monitor_tape',
    5_900,
  ),
};

/** The catalog product merged with its price, as the content API answers an offer. */
const priced = (type: UpgradeType) => {
  const { offer, price } = PRODUCTS[type];
  return {
    ...offer,
    unitAmount: price.unitAmount,
    currency: 'usd',
    priceType: 'one_time',
    priceRecurringInterval: null,
    priceId: price.id,
    lookupKey: price.lookupKey,
    isUnlimitedUpgrade: false,
  };
};

const ok = (data: unknown, status = 200): FakeAnswer => ({ status, data });

export function createFakeUpgradesApi({ bought = [] as UpgradeType[] } = {}) {
  const status = new Map<UpgradeType, 'pending' | 'completed'>(
    bought.map((type) => [type, 'completed']),
  );

  const complete = (type: UpgradeType): FakeAnswer => {
    if (status.get(type) === 'completed')
      return fakeError(409, 'UPGRADE_ALREADY_PURCHASED', 'Already bought');
    status.set(type, 'completed');
    const { offer, price } = PRODUCTS[type];
    return ok(
      {
        id: `upg_${type}`,
        type,
        status: 'completed',
        chargeId: `pi_${type}`,
        amount: price.unitAmount,
        quantity: 1,
        title: offer.title,
      },
      201,
    );
  };
  const isBought = (type: UpgradeType) => status.get(type) === 'completed';

  const routes: FakeHandler = ({ method, url, params, body }) => {
    // Nothing scheduled unless a test says otherwise.
    if (url === '/kits/products/has-scheduled')
      return ok({
        hasScheduled: Object.fromEntries(
          String(params.ids)
            .split(',')
            .map((id) => [id, false]),
        ),
      });
    if (url.endsWith('/payments/stripe-subscriptions/config')) return ok(TEST_PAYMENTS_CONFIG);
    if (url === '/api/v1/catalog/offers')
      return ok({ offers: Object.values(PRODUCTS).map((entry) => entry.offer) });
    if (url === '/api/v1/catalog/prices')
      return ok({ prices: Object.values(PRODUCTS).map((entry) => entry.price) });
    if (url.endsWith('/checkout/upgrade-purchased'))
      return ok({ isUpgraded: isBought(params.type as UpgradeType) });
    if (url === '/api/mini-panel-upgrade')
      return ok(
        isBought('mini-panel')
          ? null
          : {
              miniPanelUpgrade: {
                ...priced('mini-panel'),
                upgradeTo: 'mini_panel_upgrade',
                upgradable: 'bloodwise_kit_one_time',
              },
            },
      );
    if (url === '/api/easy-draw-upgrade')
      return ok(isBought('easy-draw') ? null : { product: priced('easy-draw') });
    if (method !== 'post') return undefined;
    if (url.endsWith('/checkout/mini-panel-upgrade/pending')) {
      if (isBought('mini-panel')) return complete('mini-panel');
      status.set('mini-panel', 'pending');
      return ok({ id: 'upg_mini-panel', status: 'pending' }, 201);
    }
    if (url.endsWith('/checkout/mini-panel-upgrade'))
      return status.has('mini-panel')
        ? complete('mini-panel')
        : fakeError(409, 'CONFLICT', 'Not pending');
    if (url.endsWith('/checkout/easy-draw-upgrade')) {
      const answer = complete('easy-draw');
      return answer.status === 201
        ? ok({ product: (body as { product: string }).product, upgrade: answer.data }, 201)
        : answer;
    }
    if (url.endsWith('/buy-bp-tape')) return complete('bp-tape');
    return undefined;
  };

  return { ...createFakeApi(routes), status };
}
