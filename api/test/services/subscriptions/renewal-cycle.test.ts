// The renewal cycle honours what the subscriber changed: a skipped kit, a pause until a date, a
// cancellation at the period's end, a change of interval; a cancelled subscription never renews.
import { renewSubscription } from '../../../src/services/subscriptions/renew-subscription';
import { scheduleDueRenewals } from '../../../src/services/subscriptions/renewal-scheduler';
import { useRenewalWorld } from '../../helpers/renewals';

describe('the renewal cycle', () => {
  const world = useRenewalWorld('2026-01-31T10:00:00Z');
  const at = (iso: string) => world.clock.set(new Date(iso));

  it('records a skipped kit as a skipped cycle: no charge, no order, the period moves on', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    await world.update(id, { skipped_cycle: 1 });

    at('2026-02-28T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([[1, 'skipped', 1]]);
    expect(await world.chargesOf(id)).toEqual([]);
    expect(await world.ordersOf(id)).toEqual([]);
    expect(await world.periodOf(id)).toMatchObject({
      start: '2026-02-28T10:00:00.000Z',
      end: '2026-03-31T10:00:00.000Z',
      cycles: 1,
      status: 'active',
      skippedCycle: null,
    });
    expect(await world.changesOf(id)).toEqual([
      expect.objectContaining({
        actor: 'system',
        action: 'renewal-skipped',
        detail: expect.objectContaining({ cycle: 1, reason: 'skipped' }),
      }),
    ]);

    // The next kit is billed as usual.
    at('2026-03-31T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'skipped', 1],
      [2, 'succeeded', 1],
    ]);
    expect(await world.chargesOf(id)).toHaveLength(1);
  });

  it('skips the renewals dated before the pause ends, resumes on its date, then bills again', async () => {
    const { id, email } = await world.subscribe();
    const queue = world.runner();
    await world.update(id, { status: 'paused', paused_until: new Date('2026-04-15T00:00:00Z') });

    at('2026-02-28T10:00:00Z');
    await world.drain(queue);
    at('2026-03-31T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'skipped', 1],
      [2, 'skipped', 1],
    ]);
    expect(await world.periodOf(id)).toMatchObject({ status: 'paused', cycles: 2 });

    // The pause's date comes between two renewals: active again, mailed, nothing charged yet.
    at('2026-04-15T00:00:00Z');
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'active',
      pausedUntil: null,
      end: '2026-04-30T10:00:00.000Z',
    });
    expect(await world.chargesOf(id)).toEqual([]);
    const mails = await world.mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('has resumed')]);
    expect(mails[0]!.text).toContain('April 30, 2026');
    expect(mails[0]!.text).toContain('$99.00');
    expect(mails[0]!.text).toContain(`http://shop.test/account/subscriptions/${id}`);

    at('2026-04-30T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'skipped', 1],
      [2, 'skipped', 1],
      [3, 'succeeded', 1],
    ]);
    expect(await world.chargesOf(id)).toHaveLength(1);
    expect((await world.changesOf(id)).map((change) => change.action)).toEqual([
      'renewal-skipped',
      'renewal-skipped',
      'resumed',
    ]);
  });

  it('a pause that ended while the shop was down: cycles before its date skipped, the first after it billed', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    await world.update(id, { status: 'paused', paused_until: new Date('2026-03-20T00:00:00Z') });

    at('2026-04-02T08:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'skipped', 1],
      [2, 'succeeded', 1],
    ]);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'active',
      start: '2026-03-31T10:00:00.000Z',
      end: '2026-04-30T10:00:00.000Z',
    });
  });

  it('ends a subscription cancelled at the period end on that date, with no charge and a mail', async () => {
    const { id, email } = await world.subscribe();
    const queue = world.runner();
    await world.update(id, {
      cancel_at_period_end: true,
      cancel_reason: 'too expensive',
      cancel_requested_at: new Date('2026-02-10T00:00:00Z'),
    });

    at('2026-02-27T10:00:00Z');
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({ status: 'active' });

    at('2026-02-28T10:00:00Z');
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'canceled',
      canceledAt: '2026-02-28T10:00:00.000Z',
      cycles: 0,
    });
    expect(await world.ledgerOf(id)).toEqual([]);
    expect(await world.chargesOf(id)).toEqual([]);
    const mails = await world.mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('has ended')]);
    expect(mails[0]!.text).toContain('February 28, 2026');
    expect((await world.changesOf(id)).map((change) => change.action)).toEqual(['ended']);

    at('2026-06-01T10:00:00Z');
    await world.drain(queue);
    expect(await world.chargesOf(id)).toEqual([]);
    expect(await world.mailsTo(email)).toHaveLength(1);
  });

  it('a cancelled subscription stays cancelled through a stale job and a direct call', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    at('2026-02-28T10:00:00Z');
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(1);
    // Cancelled after its renewal was queued, before the job ran.
    await world.update(id, { status: 'canceled', canceled_at: new Date('2026-02-28T10:00:00Z') });
    expect(await queue.runDue()).toBe(1);
    expect(await renewSubscription(world.deps(), id, 1)).toBe('canceled');

    at('2026-05-01T10:00:00Z');
    await world.drain(queue);
    expect(await world.chargesOf(id)).toEqual([]);
    expect(await world.ledgerOf(id)).toEqual([]);
    expect(await world.periodOf(id)).toMatchObject({ status: 'canceled', cycles: 0 });
  });

  it('a change of interval re-anchors at the next renewal: its price and its period from there', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    at('2026-02-28T10:00:00Z');
    await world.drain(queue);
    // Monthly to quarterly from the next renewal (Mar 31): the anchor moves there as cycle 2.
    await world.update(id, {
      price_id: 'price_bloodwise_quarterly',
      billing_anchor: new Date('2026-03-31T10:00:00Z'),
      anchor_cycle: 2,
    });

    for (const when of ['2026-03-31T10:00:00Z', '2026-06-30T10:00:00Z']) {
      at(when);
      await world.drain(queue);
    }
    expect((await world.chargesOf(id)).map((charge) => charge.amount_cents)).toEqual([
      9_900, 12_900, 12_900,
    ]);
    expect(await world.periodOf(id)).toMatchObject({
      start: '2026-06-30T10:00:00.000Z',
      end: '2026-09-30T10:00:00.000Z',
      cycles: 3,
    });
  });

  it("leaves Stripe Billing's subscriptions to Stripe", async () => {
    const { id } = await world.subscribe();
    await world.update(id, { provider: 'stripe', provider_subscription_id: `sub_stripe_${id}` });
    const queue = world.runner();
    at('2026-03-01T10:00:00Z');
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(0);
    expect(await renewSubscription(world.deps(), id, 1)).toBe('not-due');
    expect(await world.chargesOf(id)).toEqual([]);
  });
});
