import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import {
  authenticate,
  deliverEvents,
  paidOrderWithCheckedCard,
  testProvider,
} from '../../helpers/provider-steps';

// A bank that asks for 3-D Secure on every charge asks again when an upgrade charges the order's card.
describe('an upgrade the bank asks to confirm', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
    await testProvider(t.app).stopEventDelivery();
  });
  afterAll(() => t.close());

  const buyTape = (order: Order) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.buyBpTape, { id: order.id }),
      payload: {},
    });
  const upgradeStatus = async (id: string) =>
    (
      await t.app.db
        .selectFrom('upgrades')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('answers with the next action, then the confirm route completes it from the provider', async () => {
    const order = await paidOrderWithCheckedCard(t, 'tape-3ds@example.com');
    const bought = await buyTape(order);
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({
      status: 'pending',
      nextAction: { type: 'provider_action', clientSecret: expect.stringContaining('_secret_') },
    });
    const confirm = () =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.upgradeConfirm, { id: bought.json().id }),
      });
    // Not yet: the provider has not seen the bank's answer, so the upgrade still waits for it.
    const early = await confirm();
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ status: 'pending', nextAction: expect.any(Object) });
    expect(await upgradeStatus(bought.json().id)).toBe('pending');
    await authenticate(t.app, bought.json().nextAction.clientSecret);
    const completed = await confirm();
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'completed',
      amount: 5_900,
      nextAction: null,
    });
    // One charge for the upgrade.
    expect((await confirm()).json().status).toBe('completed');
  });

  it('is completed by the succeeded event when the shopper never comes back', async () => {
    const order = await paidOrderWithCheckedCard(t, 'tape-gone@example.com');
    const bought = (await buyTape(order)).json();
    await authenticate(t.app, bought.nextAction.clientSecret);
    await deliverEvents(t.app);
    expect(await upgradeStatus(bought.id)).toBe('completed');
  });
});
