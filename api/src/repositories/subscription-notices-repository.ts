// What the subscription notices read and write: the subscriptions a notice may be due for, each
// with the notices of its coming renewal and current year already sent, and the once-only record
// of a notice (its primary key is the subscription, the kind and the occasion).
import { sql } from 'kysely';
import type { Executor } from '../db/schema';

export type NoticeKind = 'renewal-reminder' | 'long-plan-reminder' | 'yearly-summary';

export interface NoticeSubscription {
  id: string;
  status: 'active' | 'paused';
  cancelAtPeriodEnd: boolean;
  /** When the coming renewal (cycle renewedCycles + 1) is due. */
  currentPeriodEnd: Date;
  renewedCycles: number;
  skippedCycle: number | null;
  pausedUntil: Date | null;
  billingAnchor: Date;
  anchorCycle: number;
  /** Where the subscription's years are counted from. */
  startedAt: Date;
  /** Whole years since startedAt by the clock's now (0 in the first year). */
  yearsElapsed: number;
  originOrderId: string | null;
  priceId: string;
  quantity: number;
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  productTitle: string;
  email: string;
  name: string;
  /** The coming renewal's reminders and this year's summary, already sent. */
  reminderSent: boolean;
  longPlanSent: boolean;
  yearlySent: boolean;
}

interface NoticeRow {
  id: string;
  status: 'active' | 'paused';
  cancel_at_period_end: boolean;
  current_period_end: Date | string;
  renewed_cycles: number;
  skipped_cycle: number | null;
  paused_until: Date | string | null;
  billing_anchor: Date | string;
  anchor_cycle: number;
  started_at: Date | string;
  years_elapsed: number | string;
  origin_order_id: string | null;
  price_id: string;
  quantity: number;
  unit_amount_cents: number;
  currency: string;
  recurring_interval: 'day' | 'week' | 'month' | 'year';
  recurring_interval_count: number;
  product_title: string;
  email: string;
  name: string;
  reminder_sent: boolean;
  long_plan_sent: boolean;
  yearly_sent: boolean;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toNoticeSubscription(row: NoticeRow): NoticeSubscription {
  return {
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: toDate(row.current_period_end),
    renewedCycles: row.renewed_cycles,
    skippedCycle: row.skipped_cycle,
    pausedUntil: row.paused_until === null ? null : toDate(row.paused_until),
    billingAnchor: toDate(row.billing_anchor),
    anchorCycle: row.anchor_cycle,
    startedAt: toDate(row.started_at),
    yearsElapsed: Number(row.years_elapsed),
    originOrderId: row.origin_order_id,
    priceId: row.price_id,
    quantity: row.quantity,
    unitAmount: row.unit_amount_cents,
    currency: row.currency,
    interval: row.recurring_interval,
    intervalCount: row.recurring_interval_count,
    productTitle: row.product_title,
    email: row.email,
    name: row.name,
    reminderSent: row.reminder_sent,
    longPlanSent: row.long_plan_sent,
    yearlySent: row.yearly_sent,
  };
}

/**
 * Rows of subscriptions that may get a notice: active or paused, not ending at the period's end.
 * The years are counted from the billing anchor, or from the record's creation once a change of
 * interval has moved the anchor; a year is complete when the same date (clamped to the month's
 * end, as the calendar helpers do) has come round.
 */
function noticeRows(now: Date, where: ReturnType<typeof sql>, tail = sql``) {
  const at = now.toISOString();
  return sql<NoticeRow>`
    select s.id, s.status, s.cancel_at_period_end, s.current_period_end, s.renewed_cycles,
      s.skipped_cycle, s.paused_until, s.billing_anchor, s.anchor_cycle, y.started_at,
      y.years_elapsed, s.origin_order_id, s.price_id, s.quantity, p.unit_amount_cents, p.currency,
      p.recurring_interval, p.recurring_interval_count,
      coalesce(pr.title, p.lookup_key) as product_title,
      coalesce(u.email, o.email, c.email) as email,
      coalesce(u.name, o.name, c.name, u.email, o.email, c.email) as name,
      exists (select 1 from subscription_notices n where n.subscription_id = s.id
        and n.kind = 'renewal-reminder' and n.occasion = 'cycle:' || (s.renewed_cycles + 1))
        as reminder_sent,
      exists (select 1 from subscription_notices n where n.subscription_id = s.id
        and n.kind = 'long-plan-reminder' and n.occasion = 'cycle:' || (s.renewed_cycles + 1))
        as long_plan_sent,
      exists (select 1 from subscription_notices n where n.subscription_id = s.id
        and n.kind = 'yearly-summary' and n.occasion = 'year:' || y.years_elapsed) as yearly_sent
    from payment_subscriptions s
    join prices p on p.id = s.price_id
    left join products pr on pr.key = p.product_key
    left join users u on u.id = s.user_id
    left join orders o on o.id = s.origin_order_id
    left join payment_customers c on c.id = s.customer_id
    cross join lateral (
      select case when s.anchor_cycle = 0 then s.billing_anchor else s.created_at end as started_at
    ) st
    cross join lateral (
      select extract(year from age((${at}::timestamptz + interval '1 day') at time zone 'UTC',
        st.started_at at time zone 'UTC'))::int as guess
    ) g
    cross join lateral (
      select st.started_at,
        case when (st.started_at at time zone 'UTC') + make_interval(years => g.guess)
          <= (${at}::timestamptz at time zone 'UTC') then g.guess else g.guess - 1 end as years_elapsed
    ) y
    where s.status in ('active', 'paused') and not s.cancel_at_period_end
      and p.recurring_interval is not null and ${where}
    ${tail}`;
}

/**
 * A page (by id) of subscriptions with a renewal within `leadDays` whose reminders are not all
 * sent, or a completed year not summed up yet.
 */
export async function listNoticeCandidates(
  db: Executor,
  input: { now: Date; leadDays: number; after: string | null; limit: number },
): Promise<NoticeSubscription[]> {
  const at = input.now.toISOString();
  const query = noticeRows(
    input.now,
    sql`s.id > ${input.after ?? ''} and (
      (s.status = 'active' and s.current_period_end > ${at}::timestamptz
        and s.current_period_end <= ${at}::timestamptz + make_interval(days => ${input.leadDays}))
      or (y.years_elapsed >= 1 and not exists (select 1 from subscription_notices n
        where n.subscription_id = s.id and n.kind = 'yearly-summary'
          and n.occasion = 'year:' || y.years_elapsed)))`,
    sql`order by s.id limit ${input.limit}`,
  );
  const { rows } = await query.execute(db);
  return rows.map(toNoticeSubscription);
}

/** One subscription as the notices read it, locked against every other writer of it. */
export async function lockNoticeSubscription(
  trx: Executor,
  id: string,
  now: Date,
): Promise<NoticeSubscription | null> {
  const { rows } = await noticeRows(now, sql`s.id = ${id}`, sql`for update of s`).execute(trx);
  return rows[0] ? toNoticeSubscription(rows[0]) : null;
}

/** Records a notice once: false when it was recorded before (by another runner or try). */
export async function recordNotice(
  trx: Executor,
  notice: { subscriptionId: string; kind: NoticeKind; occasion: string; sentAt: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('subscription_notices')
    .values({
      subscription_id: notice.subscriptionId,
      kind: notice.kind,
      occasion: notice.occasion,
      sent_at: notice.sentAt,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'kind', 'occasion']).doNothing())
    .returning('subscription_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What the subscriber was charged for the subscription in [from, to): its paid renewals, plus
 * (for the first year) the line of the paid order that bought it, found by product: a change of
 * interval keeps the product and changes its price.
 */
export async function chargedBetween(
  db: Executor,
  subscription: Pick<NoticeSubscription, 'id' | 'originOrderId' | 'priceId'>,
  span: { from: Date; to: Date; withPurchase: boolean },
): Promise<number> {
  const { from, to } = span;
  const renewals = await db
    .selectFrom('subscription_renewals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), sql`0`).as('sum'))
    .where('subscription_id', '=', subscription.id)
    .where('status', '=', 'succeeded')
    .where('period_start', '>=', from)
    .where('period_start', '<', to)
    .executeTakeFirstOrThrow();
  let origin = 0;
  if (span.withPurchase && subscription.originOrderId) {
    const row = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .innerJoin('prices as bought', 'bought.id', 'order_lines.price_id')
      .innerJoin('prices as current', (join) => join.on('current.id', '=', subscription.priceId))
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>('order_lines.amount_cents'), sql`0`).as('sum'),
      )
      .where('order_lines.order_id', '=', subscription.originOrderId)
      .whereRef('bought.product_key', '=', 'current.product_key')
      .where('orders.status', 'in', ['paid', 'fulfilled'])
      .executeTakeFirstOrThrow();
    origin = Number(row.sum);
  }
  return Number(renewals.sum) + origin;
}
