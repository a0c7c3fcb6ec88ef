// Which plans have a next kit: the subscription record and the shop clock decide, for the
// account's "Next kit scheduled" (has-scheduled) and the results page's next test alike.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { resultsPageSchema, type ResultsPage } from '@shop/shared/contract/results';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { multipart } from '../../helpers/multipart';
import { fhirBundle } from '../../helpers/result-reports';
import { subscribedAccount, type Subscriber } from '../../helpers/subscriptions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const IDS = 'bloodwise-monthly,bloodwise_monthly';

async function hasScheduled(who: Subscriber): Promise<Record<string, boolean>> {
  const response = await who.inject({
    method: 'GET',
    url: `${API_PATHS.kitsHasScheduled}?ids=${IDS}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().hasScheduled;
}

/** Sets the plan's state and period end (days from the shop clock's now). */
async function setPlan(
  id: string,
  state: { status: 'active' | 'canceled'; cancelAtPeriodEnd: boolean; endsInDays: number },
) {
  const end = new Date(t.app.clock.now().getTime() + state.endsInDays * DAY);
  await t.app.db
    .updateTable('payment_subscriptions')
    .set({
      status: state.status,
      cancel_at_period_end: state.cancelAtPeriodEnd,
      current_period_end: end,
      canceled_at: state.status === 'canceled' ? t.app.clock.now() : null,
    })
    .where('id', '=', id)
    .execute();
}

async function resultsOf(who: Subscriber): Promise<ResultsPage> {
  const response = await who.inject({ method: 'GET', url: API_PATHS.results });
  expect(response.statusCode).toBe(200);
  return resultsPageSchema.parse(response.json());
}

async function uploadSample(who: Subscriber) {
  const body = multipart([
    {
      name: 'portal.json',
      type: 'application/fhir+json',
      bytes: fhirBundle([
        {
          name: 'LDL Cholesterol',
          loinc: '13457-7',
          value: 120,
          unit: 'mg/dL',
          high: 130,
          date: t.app.clock.now().toISOString(),
        },
      ]),
    },
  ]);
  const response = await who.inject({
    method: 'POST',
    url: API_PATHS.resultUploads,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode).toBe(201);
}

describe('a next kit', () => {
  it('is scheduled by an active plan, and the results page dates the next test by its renewal', async () => {
    const { subscriber, id } = await subscribedAccount(t, 'kits-active');
    expect(await hasScheduled(subscriber)).toEqual({
      'bloodwise-monthly': true,
      bloodwise_monthly: true,
    });
    await uploadSample(subscriber);
    const detail = await subscriber.inject({
      method: 'GET',
      url: buildPath(API_PATHS.accountSubscription, { id }),
    });
    const plan: SubscriptionDetail = detail.json();
    expect(plan.nextRenewal).not.toBeNull();
    expect((await resultsOf(subscriber)).retest).toEqual({
      dueAt: plan.nextRenewal?.at,
      intervalLabel: 'every month',
      subscriptionId: id,
      href: `/account/subscriptions/${id}`,
    });
  });

  it('is still scheduled by a plan cancelled to its period end until that end, never by an ended plan', async () => {
    const { subscriber, id } = await subscribedAccount(t, 'kits-ending');
    await setPlan(id, { status: 'active', cancelAtPeriodEnd: true, endsInDays: 3 });
    expect(await hasScheduled(subscriber)).toEqual({
      'bloodwise-monthly': true,
      bloodwise_monthly: true,
    });
    // Ended at once (by the subscriber or an operator): no kit comes, whatever the period says.
    await setPlan(id, { status: 'canceled', cancelAtPeriodEnd: false, endsInDays: 3 });
    expect((await hasScheduled(subscriber))['bloodwise-monthly']).toBe(false);
  });

  it('is never scheduled by a cancelled plan whose period has ended, though its order was paid', async () => {
    const { subscriber, id } = await subscribedAccount(t, 'kits-ended');
    await uploadSample(subscriber);
    await setPlan(id, { status: 'canceled', cancelAtPeriodEnd: true, endsInDays: -1 });
    expect(await hasScheduled(subscriber)).toEqual({
      'bloodwise-monthly': false,
      bloodwise_monthly: false,
    });
    // The results page agrees: no plan sends the next kit, so the customer orders one.
    expect((await resultsOf(subscriber)).retest).toMatchObject({
      subscriptionId: null,
      intervalLabel: 'every 3 months',
      href: '/pricing',
    });
    // Ended by the clock, before any job marked it cancelled: the record's period end decides.
    await setPlan(id, { status: 'active', cancelAtPeriodEnd: true, endsInDays: -1 });
    expect((await hasScheduled(subscriber))['bloodwise-monthly']).toBe(false);
  });
});
