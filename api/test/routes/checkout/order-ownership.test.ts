// An order belongs to whoever placed it: the browser with its buyer cookie, or the signed-in
// customer. Anyone else gets exactly the 404 of an id that does not exist, and changes nothing.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { UPGRADE_WINDOW_MINUTES } from '@shop/shared/contract/upgrades';
import {
  asBrowser,
  buildTestApp,
  sessionCookieFrom,
  TEST_PAGE_VIEW_TOKEN,
  type TestApp,
} from '../../helpers/build-test-app';
import { authenticate } from '../../helpers/provider-steps';
import { signUpAndConfirm } from '../../helpers/accounts';
import {
  orderBody,
  placeOrder,
  businessBody,
  cardToken,
  BNPL_TOKEN,
} from '../../helpers/checkout-fixtures';

const KIT = 'bloodwise_kit_one_time';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
let buyer: TestApp;
let stranger: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  buyer = asBrowser(app);
  stranger = asBrowser(app);
});
afterAll(() => app.close());

let count = 0;
async function placedOrder(
  browser: TestApp = buyer,
  overrides: Parameters<typeof orderBody>[0] = {},
): Promise<Order> {
  count += 1;
  const response = await placeOrder(
    browser,
    orderBody({ email: `owner${count}@example.com`, ...overrides }),
  );
  expect(response.statusCode).toBe(201);
  return response.json();
}

const getOrder = (browser: TestApp, id: string, headers: Record<string, string> = {}) =>
  browser.inject({ method: 'GET', url: buildPath(API_PATHS.order, { id }), headers });

async function chargeCount(): Promise<number> {
  const row = await app.app.db
    .selectFrom('payment_charges')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function signedUp(email: string): Promise<string> {
  const confirmed = await signUpAndConfirm(app, {
    email,
    name: 'Owner Person',
    password: 'a long enough passphrase 42',
    kitID: null,
    sessionId: randomUUID(),
  });
  return sessionCookieFrom(confirmed);
}

describe('reading an order', () => {
  it('serves the buyer and answers anyone else exactly like an unknown id', async () => {
    const order = await placedOrder();
    const mine = await getOrder(buyer, order.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: order.id, email: order.email });

    const missing = await getOrder(buyer, UNKNOWN_ID);
    const anonymous = await app.inject({
      method: 'GET',
      url: buildPath(API_PATHS.order, { id: order.id }),
    });
    const otherBrowser = await getOrder(stranger, order.id);
    for (const response of [anonymous, otherBrowser]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
      expect(response.body).not.toContain(order.email);
    }
  });

  it('serves a signed-in customer their order from any browser, and no other customer', async () => {
    const ownerSession = await signedUp(`signed-owner-${randomUUID()}@example.com`);
    const response = await placeOrder(
      buyer,
      orderBody({ email: 'signed-owner@example.com' }),
      randomUUID(),
      { cookie: ownerSession },
    );
    expect(response.statusCode).toBe(201);
    const order: Order = response.json();

    // Same account, a browser with no buyer cookie.
    expect((await getOrder(app, order.id, { cookie: ownerSession })).statusCode).toBe(200);
    const otherSession = await signedUp(`other-customer-${randomUUID()}@example.com`);
    expect((await getOrder(app, order.id, { cookie: otherSession })).statusCode).toBe(404);
  });

  it('forgets the buyer cookie on logout', async () => {
    const session = await signedUp(`logout-owner-${randomUUID()}@example.com`);
    const loggedOut = await buyer.inject({
      method: 'POST',
      url: API_PATHS.logout,
      headers: { cookie: session },
    });
    expect(loggedOut.statusCode).toBe(200);
    const cleared = loggedOut.cookies.find((cookie) => cookie.name === 'bw_buyer');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('gives a replayed idempotency key from another browser a 404, not the order', async () => {
    const key = randomUUID();
    const body = orderBody({ email: 'replay-owner@example.com' });
    expect((await placeOrder(buyer, body, key)).statusCode).toBe(201);
    const replay = await placeOrder(stranger, body, key);
    expect(replay.statusCode).toBe(404);
    expect(replay.body).not.toContain('replay-owner@example.com');
  });

  it('sets the buyer cookie HttpOnly and SameSite on the order response', async () => {
    const response = await placeOrder(app, orderBody({ email: 'cookie-check@example.com' }));
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((candidate) => candidate.name === 'bw_buyer');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The new browser can read what it just placed with the cookie it was given.
    const order: Order = response.json();
    const again = await app.inject({
      method: 'GET',
      url: buildPath(API_PATHS.order, { id: order.id }),
      cookies: { bw_buyer: cookie!.value },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('confirming a payment', () => {
  it('lets only the buyer confirm a card the bank holds', async () => {
    const order = await placedOrder(buyer, {
      paymentMethod: cardToken('requiresAction'),
    });
    expect(order.status).toBe('requires_action');
    const url = buildPath(API_PATHS.orderConfirm, { id: order.id });
    const foreign = await stranger.inject({ method: 'POST', url });
    expect(foreign.statusCode).toBe(404);
    expect((await getOrder(buyer, order.id)).json().status).toBe('requires_action');
    await authenticate(buyer.app, order.payment!.nextAction!.clientSecret);
    const own = await buyer.inject({ method: 'POST', url });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('paid');
  });
});

describe('post-purchase upgrades', () => {
  const purchases = (order: Order) => [
    { method: 'POST' as const, url: buildPath(API_PATHS.buyBpTape, { id: order.id }), payload: {} },
    {
      method: 'POST' as const,
      url: buildPath(API_PATHS.buyBpTape, { id: order.payment!.id }),
      payload: {},
    },
    {
      method: 'POST' as const,
      url: API_PATHS.miniPanelUpgradePending,
      payload: { paymentId: order.payment!.id, upgradable: KIT, email: order.email },
    },
    {
      method: 'POST' as const,
      url: API_PATHS.miniPanelUpgradePurchase,
      payload: {
        priceId: 'price_mini_panel_upgrade',
        paymentId: order.payment!.id,
        email: order.email,
        product: KIT,
        upgradeTo: 'mini_panel_upgrade',
        quantity: 1,
      },
    },
    {
      method: 'POST' as const,
      url: API_PATHS.easyDrawUpgradePurchase,
      payload: {
        priceId: 'price_easy_draw_device',
        paymentId: order.payment!.id,
        email: order.email,
        product: KIT,
      },
    },
  ];

  it('charges nothing and changes nothing for anyone but the buyer', async () => {
    const order = await placedOrder();
    const before = await chargeCount();
    for (const request of purchases(order)) {
      for (const caller of [stranger, app]) {
        const response = await caller.inject(request);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect(await chargeCount()).toBe(before);
    const upgrades = await app.app.db
      .selectFrom('upgrades')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(upgrades).toHaveLength(0);

    // The reads that name the order are the buyer's too.
    const reads: InjectOptions[] = [
      {
        method: 'GET' as const,
        url: API_PATHS.upgradePurchased,
        query: { paymentId: order.payment!.id, type: 'bp-tape' },
      },
      {
        method: 'GET' as const,
        url: API_PATHS.easyDrawUpgrade,
        query: { lookupKey: KIT, id: order.id },
      },
      {
        method: 'GET' as const,
        url: API_PATHS.miniPanelUpgrade,
        query: { lookupKeys: JSON.stringify([KIT]), paymentId: order.payment!.id },
      },
    ];
    for (const request of reads) {
      expect((await stranger.inject(request)).statusCode).toBe(404);
      expect((await buyer.inject(request)).statusCode).toBe(200);
    }
  });

  it('sells each upgrade to the buyer once', async () => {
    const order = await placedOrder();
    const [bpByOrder, bpByPayment, , miniPanel, easyDraw] = purchases(order);
    expect((await buyer.inject(bpByOrder!)).statusCode).toBe(201);
    expect((await buyer.inject(bpByPayment!)).json().error.code).toBe('UPGRADE_ALREADY_PURCHASED');
    expect((await buyer.inject(miniPanel!)).statusCode).toBe(201);
    expect((await buyer.inject(miniPanel!)).statusCode).toBe(409);
    expect((await buyer.inject(easyDraw!)).statusCode).toBe(201);
    expect((await buyer.inject(easyDraw!)).statusCode).toBe(409);
    const charges = await app.app.db
      .selectFrom('payment_charges')
      .select('id')
      .where(sql<boolean>`metadata->>'orderId' = ${order.id}`)
      .execute();
    // The order itself, then one charge per upgrade type.
    expect(charges).toHaveLength(1 + 3);
  });

  it(`closes ${UPGRADE_WINDOW_MINUTES} minutes after the order, on the server`, async () => {
    const order = await placedOrder();
    await app.app.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - (UPGRADE_WINDOW_MINUTES + 1) * 60_000) })
      .where('id', '=', order.id)
      .execute();
    const before = await chargeCount();
    for (const request of purchases(order)) {
      const response = await buyer.inject(request);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('UPGRADE_WINDOW_CLOSED');
    }
    expect(await chargeCount()).toBe(before);
    const offer = await buyer.inject({
      method: 'GET',
      url: API_PATHS.easyDrawUpgrade,
      query: { lookupKey: KIT, id: order.id },
    });
    expect(offer.body).toBe('null');
    const miniPanel = await buyer.inject({
      method: 'GET',
      url: API_PATHS.miniPanelUpgrade,
      query: { lookupKeys: JSON.stringify([KIT]), paymentId: order.payment!.id },
    });
    expect(miniPanel.body).toBe('null');
  });
});

describe('business checkout status and details', () => {
  it('answer the browser that started the checkout and 404 anyone else', async () => {
    const started = await buyer.inject({
      method: 'POST',
      url: API_PATHS.businessCheckout,
      payload: businessBody({
        email: 'partner-buyer@example.com',
        discount: null,
        marketingEnabled: false,
      }),
    });
    expect(started.statusCode).toBe(202);
    const id: string = started.json().id;
    for (const path of [API_PATHS.businessCheckoutStatus, API_PATHS.businessCheckoutDetails]) {
      const url = buildPath(path, { id });
      expect((await buyer.inject({ method: 'GET', url })).statusCode).toBe(200);
      const foreign = await stranger.inject({ method: 'GET', url });
      const missing = await stranger.inject({
        method: 'GET',
        url: buildPath(path, { id: UNKNOWN_ID }),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
  });
});

describe('pay-later consent', () => {
  it('is readable and usable only by whoever gave it', async () => {
    const given = await buyer.inject({
      method: 'POST',
      url: API_PATHS.bnplConsents,
      payload: {
        sessionId: randomUUID(),
        email: 'later@example.com',
        accepted: true,
        termsVersion: '2024-01',
      },
    });
    expect(given.statusCode).toBe(201);
    const url = buildPath(API_PATHS.bnplConsent, { id: given.json().id });
    expect((await buyer.inject({ method: 'GET', url })).json()).toEqual([given.json()]);
    const foreign = await stranger.inject({ method: 'GET', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(
      (
        await stranger.inject({
          method: 'GET',
          url: buildPath(API_PATHS.bnplConsent, { id: UNKNOWN_ID }),
        })
      ).json(),
    );

    // Another browser cannot pay with it, even knowing the id and the email.
    const hijack = await placeOrder(
      stranger,
      orderBody({
        email: 'later@example.com',
        paymentMethod: { type: 'bnpl', consentId: given.json().id, token: BNPL_TOKEN },
      }),
    );
    expect(hijack.statusCode).toBe(400);
    const own = await placeOrder(
      buyer,
      orderBody({
        email: 'later@example.com',
        paymentMethod: { type: 'bnpl', consentId: given.json().id, token: BNPL_TOKEN },
      }),
    );
    expect(own.statusCode).toBe(201);
  });
});

describe('the page-view log', () => {
  it('never stores an order id or a secret from the URL', async () => {
    const sessionId = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.logPageView,
      headers: { authorization: `Bearer ${TEST_PAGE_VIEW_TOKEN}` },
      payload: {
        url: `http://shop.test/checkout/thank-you?order=${UNKNOWN_ID}&utm_source=mail`,
        ip: null,
        referringUrl: '/checkout?employerPay=secret-token',
        userAgent: 'jest',
        sessionId,
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await app.app.db
      .selectFrom('page_views')
      .select(['url', 'referring_url'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      url: 'http://shop.test/checkout/thank-you?utm_source=mail',
      referring_url: '/checkout',
    });
  });
});
