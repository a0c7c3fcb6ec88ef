import { z } from 'zod';
import { safeString } from './text';
import {
  centsSchema,
  currencySchema,
  emailInputSchema,
  emailSchema,
  isoDateTimeSchema,
} from './common';
import { customizationFieldsSchema, customizationSchema, shopKeySchema } from './customization';
import { recurringIntervalSchema } from './catalog';
import { SUBSCRIPTION_STATUSES, subscriptionStatusSchema } from './subscriptions';
import { FIELD_DATA_AREAS } from '../rules/web-vitals';

// The operator API (API_PATHS.ops*): what the operator console and `pnpm shop` send and get back.
// Every route answers 404 NOT_FOUND, exactly like an unknown path, to anyone who is not an operator.

/** How the operator reached the API: a console session, or the CLI with the local token file. */
export const OPERATOR_CHANNELS = ['console', 'cli'] as const;

export const opsSessionSchema = z.object({
  operator: z.object({
    /** Null for the CLI's token: the token speaks for whoever runs `pnpm shop` on the machine. */
    userId: safeString().nullable(),
    name: safeString(),
    via: z.enum(OPERATOR_CHANNELS),
  }),
});
export type OpsSession = z.infer<typeof opsSessionSchema>;

// ---- Releases (deployed versions of each remote) ----

/** Why the console flags a stored version: the shell would refuse it, or it could not go live. */
export const VERSION_FLAGS = ['manifest-missing', 'contract-mismatch'] as const;
export const versionFlagSchema = z.enum(VERSION_FLAGS);
export type VersionFlag = z.infer<typeof versionFlagSchema>;

export const RELEASE_ACTIONS = ['deploy', 'rollback'] as const;

export const storedVersionSchema = z.object({
  version: safeString(),
  contractVersion: safeString(),
  storedAt: isoDateTimeSchema,
  storedBy: safeString(),
  flags: z.array(versionFlagSchema),
});

export const liveVersionSchema = z.object({
  version: safeString(),
  contractVersion: safeString(),
  manifestUrl: safeString(),
  areaRoutes: z.array(safeString()),
  /** The history entry that made it live; null when the registry was edited by hand. */
  since: isoDateTimeSchema.nullable(),
  by: safeString().nullable(),
  action: z.enum(RELEASE_ACTIONS).nullable(),
  flags: z.array(versionFlagSchema),
});

export const releaseHistoryEntrySchema = z.object({
  remote: safeString(),
  from: safeString().nullable(),
  to: safeString(),
  at: isoDateTimeSchema,
  by: safeString(),
  action: z.enum(RELEASE_ACTIONS),
});
export type ReleaseHistoryEntry = z.infer<typeof releaseHistoryEntrySchema>;

export const remoteReleasesSchema = z.object({
  /** Federation name, e.g. mf_catalog: what the rollback path takes. */
  name: safeString(),
  packageName: safeString(),
  area: safeString(),
  live: liveVersionSchema.nullable(),
  /** Where a rollback without a version goes; null when there is nothing earlier. */
  rollbackTarget: safeString().nullable(),
  /** Every stored version, newest first. */
  versions: z.array(storedVersionSchema),
});

export const releaseOverviewSchema = z.object({
  environment: safeString(),
  /** The contract of the shell this API serves; a version of another major is flagged. */
  shellContractVersion: safeString(),
  remotes: z.array(remoteReleasesSchema),
  /** Newest first: the same history `pnpm shop status` prints. */
  history: z.array(releaseHistoryEntrySchema),
});
export type ReleaseOverview = z.infer<typeof releaseOverviewSchema>;

export const remoteParamsSchema = z.object({
  /** mf_catalog, mf-catalog or catalog. */
  remote: safeString().trim().min(1).max(40),
});

const versionSchema = safeString().trim().min(1).max(255);

export const rollbackBodySchema = z
  .object({
    /** A stored version; left out, the version live before the current one. */
    version: versionSchema.optional(),
    /** Make it live even though the shell will refuse it (warnings say so). */
    force: z.boolean().default(false),
  })
  .strict();
export type RollbackBody = z.input<typeof rollbackBodySchema>;

export const deployBodySchema = z
  .object({ version: versionSchema, force: z.boolean().default(false) })
  .strict();
export type DeployBody = z.input<typeof deployBodySchema>;

export const releaseChangeSchema = z.object({
  remote: safeString(),
  from: safeString().nullable(),
  to: safeString(),
  /** False when that version was live already: nothing was written. */
  changed: z.boolean(),
  at: isoDateTimeSchema,
  contractVersion: safeString(),
  areaRoutes: z.array(safeString()),
  warnings: z.array(safeString()),
});
export type ReleaseChange = z.infer<typeof releaseChangeSchema>;

// ---- Partners ----

export const partnerListSchema = z.object({ partners: z.array(customizationSchema) });

/** A new partner: its key and every customization field, validated as the public contract does. */
export const partnerCreateBodySchema = customizationFieldsSchema
  .extend({ shopKey: shopKeySchema })
  .strict();
export type PartnerCreateBody = z.input<typeof partnerCreateBodySchema>;

export const partnerRemovedSchema = z.object({ removed: safeString() });

// ---- Orders ----

export const ORDER_STATUSES = [
  'pending',
  'requires_action',
  'paid',
  'failed',
  'fulfilled',
] as const;

/**
 * Where an order came from: a shopper's checkout, a partner storefront's business order, an
 * order an employee's employer pays, or a subscription's renewal.
 */
export const ORDER_KINDS = ['consumer', 'business', 'employer', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The most orders one page of the list holds. */
export const ORDER_PAGE_MAX = 100;

// A position in the list: the last row's creation time to the microsecond (the database's own
// precision, so no two rows are mistaken for one) and its id, which breaks ties.
const ORDER_CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a cursor's time (to the millisecond, no zone) that is a real instant (no 31st of February). */
function realInstant(millis: string): boolean {
  const date = new Date(`${millis}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === millis;
}

function realCursorTime(value: string): boolean {
  const millis = ORDER_CURSOR.exec(value)?.[1];
  return millis !== undefined && realInstant(millis);
}

const instantSchema = safeString()
  .max(40)
  .pipe(z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time with its offset' }))
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'Not a real date');

/** A list filter that may name several values, comma-separated (`status=paid,failed`). */
function commaList<T extends string>(values: readonly [T, ...T[]], what: string) {
  return safeString()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { message: `Unknown ${what}` })).max(values.length))
    .transform((list) => [...new Set(list)]);
}

/**
 * The orders list, newest first: every filter optional, and paged by `cursor` (the answer's
 * `nextCursor`), so new orders never shift the pages an operator is reading.
 */
export const orderListQuerySchema = z
  .object({
    /** The start of an order number, part of a customer's e-mail, or a card's last four. */
    q: safeString()
      .trim()
      .min(1, 'Type an order number, part of an e-mail address or a card’s last four digits')
      .max(320)
      .optional(),
    status: commaList(ORDER_STATUSES, 'order status').optional(),
    kind: commaList(ORDER_KINDS, 'order kind').optional(),
    /** A partner storefront's shop key: its business orders only. */
    partner: shopKeySchema.optional(),
    /** Placed at or after this instant. */
    from: instantSchema.optional(),
    /** Placed before this instant. */
    to: instantSchema.optional(),
    limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).default(25),
    cursor: safeString()
      .max(80)
      .refine(realCursorTime, 'Not a position in the list: start again from the first page')
      .optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    message: 'The start of the range must come before its end',
    path: ['to'],
  });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const opsOrderParamsSchema = z.object({ id: z.uuid({ message: 'An order id is a uuid' }) });

export const opsOrderSummarySchema = z.object({
  id: safeString(),
  kind: z.enum(ORDER_KINDS),
  email: emailSchema,
  name: safeString(),
  status: z.enum(ORDER_STATUSES),
  currency: currencySchema,
  total: centsSchema,
  /** What operators have refunded so far (pending refunds included). */
  refunded: centsSchema,
  businessKey: safeString().nullable(),
  createdAt: isoDateTimeSchema,
});

export const orderListSchema = z.object({
  orders: z.array(opsOrderSummarySchema),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: safeString().nullable(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const opsOrderLineSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  lookupKey: safeString(),
  quantity: z.number().int(),
  unitAmount: centsSchema,
  amount: centsSchema,
  /** Set on the line a post-purchase upgrade added: it was paid by the upgrade's own charge. */
  upgradeId: safeString().nullable(),
  chargeId: safeString().nullable(),
  refunded: centsSchema,
  /** What a refund of this line may still give back. */
  refundable: centsSchema,
});

export const opsChargeSchema = z.object({
  id: safeString(),
  purpose: z.enum(['order', 'upgrade']),
  status: safeString(),
  amount: centsSchema,
  amountRefunded: centsSchema,
  currency: safeString(),
  createdAt: isoDateTimeSchema,
});

export const opsUpgradeSchema = z.object({
  id: safeString(),
  type: safeString(),
  status: safeString(),
  amount: centsSchema.nullable(),
  chargeId: safeString().nullable(),
  createdAt: isoDateTimeSchema,
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const opsRefundSchema = z.object({
  id: safeString(),
  lineId: z.number().int().nullable(),
  chargeId: safeString(),
  amount: centsSchema,
  status: z.enum(REFUND_STATUSES),
  providerRefundId: safeString().nullable(),
  reason: safeString().nullable(),
  failureMessage: safeString().nullable(),
  by: safeString(),
  createdAt: isoDateTimeSchema,
});

export const opsOrderDetailSchema = z.object({
  order: opsOrderSummarySchema.extend({
    subtotal: centsSchema,
    discount: centsSchema,
    shipping: centsSchema,
    discountCode: safeString().nullable(),
    paymentLabel: safeString().nullable(),
    bnpl: z.boolean(),
    failureMessage: safeString().nullable(),
  }),
  lines: z.array(opsOrderLineSchema),
  charges: z.array(opsChargeSchema),
  upgrades: z.array(opsUpgradeSchema),
  refunds: z.array(opsRefundSchema),
  /** What a refund of the whole order would give back now. */
  refundable: centsSchema,
  /**
   * The subscription this order started or renewed, if any: a refund leaves it as it is, so the
   * console says whether it keeps billing.
   */
  subscription: z
    .object({
      id: safeString(),
      status: subscriptionStatusSchema,
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: isoDateTimeSchema,
    })
    .nullable(),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetailSchema>;

export const refundBodySchema = z
  .object({
    /**
     * One per refund the operator means (the console makes one when its dialog opens): the same
     * key again, from a double click or a retry, answers with the first refund instead of a second.
     */
    idempotencyKey: safeString().trim().min(8).max(100),
    /** One line; left out, everything of the order not yet refunded. */
    lineId: z.number().int().positive().optional(),
    reason: safeString().trim().max(500).optional(),
  })
  .strict();
export type RefundBody = z.input<typeof refundBodySchema>;

export const refundResultSchema = z.object({
  /** The refunds this key stands for (the first answer's, when the key was used before). */
  refunds: z.array(opsRefundSchema),
  order: opsOrderDetailSchema,
});

// ---- Operators and the audit log ----

export const operatorAddBodySchema = z
  .object({ email: emailInputSchema, name: safeString().trim().min(1).max(200).optional() })
  .strict();

export const operatorAddedSchema = z.object({
  email: emailSchema,
  /** False when the e-mail already had an account: it became an operator and keeps its password. */
  created: z.boolean(),
});

export const operatorListSchema = z.object({
  operators: z.array(
    z.object({
      id: safeString(),
      email: emailSchema,
      name: safeString(),
      createdAt: isoDateTimeSchema,
    }),
  ),
});

export const AUDIT_CHANNELS = ['console', 'cli', 'cli-direct', 'provider'] as const;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Entries older than this id: the next page. */
  before: z.coerce.number().int().positive().optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: safeString(),
  via: z.enum(AUDIT_CHANNELS),
  action: safeString(),
  target: safeString(),
  before: z.unknown(),
  after: z.unknown(),
});

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });

// Jobs an operator should look at: dead ones (their tries ran out) and failing ones (waiting for
// another try after a failure). Retrying puts one back in the queue, due now, with fresh tries.

export const JOB_TROUBLES = ['dead', 'failing'] as const;
export const JOB_STATUSES = ['queued', 'running', 'completed', 'dead'] as const;

export const jobListQuerySchema = z.object({
  state: z.enum(JOB_TROUBLES).default('dead'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Jobs older than this id: the next page. */
  before: z.coerce.number().int().positive().optional(),
});

export const opsJobParamsSchema = z.object({
  id: z.coerce.number({ message: 'A job id is a number' }).int().positive(),
});

export const opsJobSchema = z.object({
  id: z.number().int(),
  kind: safeString(),
  status: z.enum(JOB_STATUSES),
  key: safeString().nullable(),
  singletonKey: safeString().nullable(),
  payload: z.unknown(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: isoDateTimeSchema,
  lastError: safeString().nullable(),
  createdAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type OpsJob = z.infer<typeof opsJobSchema>;

export const opsJobListSchema = z.object({ jobs: z.array(opsJobSchema) });
export const opsJobRetriedSchema = z.object({ job: opsJobSchema });

// The shop clock: where it stands, and moving it forward (refused in production).

export const opsClockSchema = z.object({
  now: isoDateTimeSchema,
  offsetMs: z.number().int(),
  movable: z.boolean(),
});

export const clockAdvanceBodySchema = z.object({
  /** A forward step such as 31d, 12h, 90m or 1w2d. */
  by: safeString().regex(/^(\d+[smhdw])+$/i, 'A step such as 31d, 12h or 90m'),
});

// ---- Subscriptions ----
// What operators see of subscriptions and do for a customer: cancel, pause, or retry a past-due
// renewal now. Every action writes the subscription's change log (actor operator) and the audit log.

/** The most subscriptions one page of the list holds. */
export const SUBSCRIPTION_PAGE_MAX = 100;

// A position in the list: the row's creation time to the microsecond, then its id (any text).
const SUBSCRIPTION_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z_[\w-]{1,64}$/;

export const subscriptionListQuerySchema = z
  .object({
    /** A subscription id or the subscriber's e-mail address. */
    q: safeString()
      .trim()
      .min(1, 'Type a subscription id or an e-mail address')
      .max(320)
      .optional(),
    status: commaList(SUBSCRIPTION_STATUSES, 'subscription status').optional(),
    limit: z.coerce.number().int().min(1).max(SUBSCRIPTION_PAGE_MAX).default(25),
    cursor: safeString()
      .max(100)
      .refine(
        (value) => SUBSCRIPTION_CURSOR.test(value) && realInstant(value.slice(0, 23)),
        'Not a position in the list: start again from the first page',
      )
      .optional(),
  })
  .strict();
export type SubscriptionListQuery = z.output<typeof subscriptionListQuerySchema>;

export const opsSubscriptionParamsSchema = z.object({
  id: safeString().pipe(z.string().min(1).max(64)),
});

export const opsSubscriptionSummarySchema = z.object({
  id: safeString(),
  status: subscriptionStatusSchema,
  /** The subscriber's e-mail (the account's, else the order's); null when none is known. */
  email: emailSchema.nullable(),
  title: safeString(),
  lookupKey: safeString().nullable(),
  interval: recurringIntervalSchema.nullable(),
  intervalCount: z.number().int().min(1).nullable(),
  /** What one renewal charges (the price times the quantity). */
  amount: centsSchema.nullable(),
  currency: currencySchema.nullable(),
  provider: z.enum(['test', 'stripe']),
  /** When the next renewal runs; null when none will (cancelled, or ending at the period's end). */
  nextRenewalAt: isoDateTimeSchema.nullable(),
  renewedCycles: z.number().int().min(0),
  failedAttempts: z.number().int().min(0),
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type OpsSubscriptionSummary = z.infer<typeof opsSubscriptionSummarySchema>;

export const opsSubscriptionListSchema = z.object({
  subscriptions: z.array(opsSubscriptionSummarySchema),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: safeString().nullable(),
});
export type OpsSubscriptionList = z.infer<typeof opsSubscriptionListSchema>;

export const RENEWAL_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const;

/** One row of the renewal ledger: a cycle and its latest try. */
export const opsRenewalSchema = z.object({
  cycle: z.number().int().min(1),
  attempt: z.number().int().min(1),
  status: z.enum(RENEWAL_STATUSES),
  amount: centsSchema,
  currency: safeString(),
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  orderId: safeString().nullable(),
  chargeId: safeString().nullable(),
  failureCode: safeString().nullable(),
  failureMessage: safeString().nullable(),
  /** The bank said never again: no automatic try follows. */
  hardDecline: z.boolean(),
  at: isoDateTimeSchema,
});

export const SUBSCRIPTION_CHANGE_ACTORS = ['subscriber', 'operator', 'system'] as const;

export const opsSubscriptionChangeSchema = z.object({
  at: isoDateTimeSchema,
  actor: z.enum(SUBSCRIPTION_CHANGE_ACTORS),
  action: safeString(),
  detail: z.record(safeString(), z.unknown()),
});

export const opsSubscriptionDetailSchema = z.object({
  subscription: opsSubscriptionSummarySchema.extend({
    userId: safeString().nullable(),
    originOrderId: safeString().nullable(),
    providerSubscriptionId: safeString().nullable(),
    currentPeriodStart: isoDateTimeSchema,
    currentPeriodEnd: isoDateTimeSchema,
    canceledAt: isoDateTimeSchema.nullable(),
    cancelReason: safeString().nullable(),
    /** The cycle whose kit and charge are skipped, when one is. */
    skippedCycle: z.number().int().nullable(),
    /** While past due: when the renewal is tried again (null: no automatic try left). */
    nextRetryAt: isoDateTimeSchema.nullable(),
    hasCard: z.boolean(),
  }),
  /** Oldest cycle first. */
  renewals: z.array(opsRenewalSchema),
  /** Newest first. */
  changes: z.array(opsSubscriptionChangeSchema),
  /** What an operator may do now (the console offers exactly these). */
  actions: z.object({
    cancelNow: z.boolean(),
    cancelAtPeriodEnd: z.boolean(),
    pause: z.boolean(),
    retry: z.boolean(),
  }),
});
export type OpsSubscriptionDetail = z.infer<typeof opsSubscriptionDetailSchema>;

export const OPS_CANCEL_WHEN = ['now', 'period-end'] as const;

const operatorReasonSchema = safeString()
  .trim()
  .min(1, 'Say why, for the change log')
  .max(500, 'At most 500 characters');

export const opsSubscriptionCancelBodySchema = z
  .object({
    /** Now (no more renewals, ends today) or at the end of the period already paid for. */
    when: z.enum(OPS_CANCEL_WHEN),
    reason: operatorReasonSchema,
  })
  .strict();
export type OpsSubscriptionCancelBody = z.input<typeof opsSubscriptionCancelBodySchema>;

export const opsSubscriptionPauseBodySchema = z
  .object({
    /** The day renewals start again: from tomorrow up to a year ahead. */
    until: safeString()
      .max(40)
      .pipe(z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time with its offset' })),
    reason: operatorReasonSchema.optional(),
  })
  .strict();
export type OpsSubscriptionPauseBody = z.input<typeof opsSubscriptionPauseBodySchema>;

export const opsSubscriptionRetryBodySchema = z
  .object({ reason: operatorReasonSchema.optional() })
  .strict();

// Settings the operator changes while the shop runs, stored in shop_settings.

export const DUNNING_END_ACTIONS = ['cancel', 'pause'] as const;

export const dunningSettingsSchema = z
  .object({
    /** What happens when the last try of a declined renewal fails. */
    endAction: z.enum(DUNNING_END_ACTIONS),
    /** Days after the first decline on which the renewal is tried again. */
    retryDays: z
      .array(z.number().int().min(1, 'At least 1 day').max(60, 'At most 60 days'))
      .min(1, 'At least one retry')
      .max(4, 'At most 4 retries')
      .refine(
        (days) => days.every((day, index) => index === 0 || day > days[index - 1]!),
        'Retry days go up, each later than the one before',
      ),
  })
  .strict();
export type DunningSettings = z.infer<typeof dunningSettingsSchema>;

export const noticeSettingsSchema = z
  .object({
    /** Days before each renewal the reminder is mailed. */
    reminderDays: z.number().int().min(1, 'At least 1 day').max(14, 'At most 14 days'),
  })
  .strict();
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

export const subscriptionSettingsSchema = z
  .object({ dunning: dunningSettingsSchema, notices: noticeSettingsSchema })
  .strict();
export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

// ---- Field data: the 75th percentile of shoppers' Core Web Vitals ----

/** One metric over one window: its 75th percentile (null without a sample) and how many samples. */
const vitalPercentileSchema = z.object({
  p75: z.number().nullable(),
  samples: z.number().int().min(0),
});
const vitalsWindowSchema = z.object({
  LCP: vitalPercentileSchema,
  INP: vitalPercentileSchema,
  CLS: vitalPercentileSchema,
});
export type OpsVitalsWindow = z.infer<typeof vitalsWindowSchema>;

export const opsWebVitalsRowSchema = z.object({
  area: z.enum(FIELD_DATA_AREAS),
  /** The route pattern; null for the whole area. */
  route: safeString().nullable(),
  /** The last 24 hours and the last 7 days up to `now`. */
  day: vitalsWindowSchema,
  week: vitalsWindowSchema,
});
export type OpsWebVitalsRow = z.infer<typeof opsWebVitalsRowSchema>;

/** GET /api/v1/ops/web-vitals: one row per area, then its routes, each with the day and the week. */
export const opsWebVitalsSchema = z.object({
  now: isoDateTimeSchema,
  rows: z.array(opsWebVitalsRowSchema),
});
export type OpsWebVitals = z.infer<typeof opsWebVitalsSchema>;
