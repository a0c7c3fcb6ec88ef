// The kits domain's rules: kits made once per unit of a paid order, legal moves between states
// with a timeline, a free replacement for a rejected sample, and activation by the person who
// takes the sample. Other domains reach these through index.ts.
import { randomInt } from 'node:crypto';
import {
  KIT_REJECTION_REASONS,
  type ActivateKitBody,
  type KitEventSource,
  type KitList,
  type KitNextStep,
  type KitRejectionReason,
  type KitState,
  type KitView,
} from '@shop/shared/contract/kits';
import { KIT_CODE_PROBLEM_TEXT, kitCodeFromValues, parseKitCode } from '@shop/shared/kits/kit-code';
import type { Executor } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import {
  assignKitOwner,
  hasReplacement,
  insertKit,
  insertKitEvent,
  lockKit,
  lockKitByCode,
  selectAccountKit,
  selectAccountKits,
  selectKitByCode,
  selectKitEvents,
  selectOrderForKits,
  selectOrderKitUnits,
  selectUserKitCode,
  unitHasKit,
  updateKitState,
  writeKitActivation,
  type NewKit,
} from './kit-queries';
import { ACTIVATABLE, canMove } from './kit-states';
import type { KitEventRow, KitRow } from './kit-tables';

/**
 * A fresh code: 10 symbols from the operating system's CSPRNG and the check symbol. Codes whose
 * check would be * ~ $ or = are drawn again (about 1 in 9), so every code is letters and digits:
 * easy to read out, and accepted by the sign-up form's kit ID field.
 */
export function newKitCode(): string {
  for (;;) {
    const code = kitCodeFromValues(Array.from({ length: 10 }, () => randomInt(0, 32)));
    if (/^[0-9A-Z]+$/.test(code)) return code;
  }
}

/** Runs `work` in the caller's transaction, or in a new one when given the database. */
function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Inserts a kit with a fresh code. insertKit's conflict clause also swallows a code that is taken
 * (1 in 2^50 per kit), so a null answer is retried with a new code unless the kit's own key
 * (order, line and unit, or the kit it replaces) is what exists.
 */
async function insertKitWithCode(
  trx: Executor,
  kit: Omit<NewKit, 'code'>,
  exists: () => Promise<boolean>,
): Promise<KitRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertKit(trx, { ...kit, code: newKitCode() });
    if (row) return row;
    if (await exists()) return null;
  }
  throw new Error('could not draw an unused kit code');
}

/**
 * Makes the kits of a paid order: one per kit unit of each line, once. Run again (a retried job,
 * a second instance) it finds them made and makes nothing. Answers how many it made.
 */
export async function createKitsForOrder(db: Executor, orderId: string, at: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const order = await selectOrderForKits(trx, orderId);
    if (!order || (order.status !== 'paid' && order.status !== 'fulfilled')) return 0;
    let made = 0;
    for (const line of await selectOrderKitUnits(trx, orderId)) {
      for (let unit = 1; unit <= line.units; unit++) {
        const kit = await insertKitWithCode(
          trx,
          {
            orderId,
            orderLineId: line.lineId,
            unit,
            replacesKitId: null,
            userId: order.user_id,
            productKey: line.productKey,
            title: line.title,
            at,
          },
          () => unitHasKit(trx, { orderId, lineId: line.lineId, unit }),
        );
        if (!kit) continue;
        await insertKitEvent(trx, {
          kitId: kit.id,
          from: null,
          to: 'created',
          source: 'system',
          at,
          detail: { orderId },
        });
        made += 1;
      }
    }
    return made;
  });
}

export interface KitTransition {
  kitId: string;
  to: KitState;
  source: KitEventSource;
  /** From the shop clock (or the time the carrier or lab reports). */
  at: Date;
  /**
   * Kept on the timeline: a tracking number and URL, a lab's message id; for `rejected`, `reason`
   * (insufficient, haemolysed or too_old) is required. Never a result value.
   */
  detail?: Record<string, unknown>;
}

export interface KitTransitionResult {
  kit: KitRow;
  event: KitEventRow;
  /** The free kit made for a rejected one. */
  replacement: KitRow | null;
}

function rejectionReasonOf(detail: Record<string, unknown>): KitRejectionReason {
  const reason = detail.reason;
  if (typeof reason === 'string' && (KIT_REJECTION_REASONS as readonly string[]).includes(reason))
    return reason as KitRejectionReason;
  throw badRequest(`A rejected kit needs a reason: ${KIT_REJECTION_REASONS.join(', ')}`);
}

/**
 * Moves a kit to its next state and writes the change to its timeline, in the caller's
 * transaction (or a new one). Refuses a move its state does not allow (409) and a missing kit
 * (404). A rejected kit gets a free replacement, made in the same transaction.
 */
export async function recordKitTransition(
  db: Executor,
  transition: KitTransition,
): Promise<KitTransitionResult> {
  const detail = transition.detail ?? {};
  return inTransaction(db, async (trx) => {
    const current = await lockKit(trx, transition.kitId);
    if (!current) throw notFound('No such kit');
    if (!canMove(current.state, transition.to))
      throw new AppError(
        409,
        'CONFLICT',
        `A kit that is ${current.state} cannot become ${transition.to}`,
      );
    const reason = transition.to === 'rejected' ? rejectionReasonOf(detail) : undefined;
    const kit = await updateKitState(trx, current.id, {
      state: transition.to,
      at: transition.at,
      rejectionReason: reason,
    });
    const event = await insertKitEvent(trx, {
      kitId: kit.id,
      from: current.state,
      to: transition.to,
      source: transition.source,
      at: transition.at,
      detail,
    });
    const replacement = reason ? await replaceKit(trx, kit, reason, transition.at) : null;
    return { kit, event, replacement };
  });
}

async function replaceKit(
  trx: Executor,
  rejected: KitRow,
  reason: KitRejectionReason,
  at: Date,
): Promise<KitRow | null> {
  const kit = await insertKitWithCode(
    trx,
    {
      orderId: rejected.order_id,
      orderLineId: null,
      unit: rejected.unit,
      replacesKitId: rejected.id,
      userId: rejected.user_id,
      productKey: rejected.product_key,
      title: rejected.title,
      at,
    },
    () => hasReplacement(trx, rejected.id),
  );
  if (kit)
    await insertKitEvent(trx, {
      kitId: kit.id,
      from: null,
      to: 'created',
      source: 'system',
      at,
      detail: { replacesKitId: rejected.id, reason },
    });
  return kit;
}

/** A kit by its code as typed, printed or scanned (any case, hyphens, I/L/O); null if none. */
export async function findKitByCode(db: Executor, code: string): Promise<KitRow | null> {
  const reading = parseKitCode(code);
  return reading.ok ? selectKitByCode(db, reading.code) : null;
}

/** The one answer for a code that is unknown, taken, or past activation: nothing to tell apart. */
export const ACTIVATION_REFUSED_MESSAGE =
  'We could not activate this kit ID. Check it against the one printed on your kit; if it still does not work, contact us.';

/**
 * Activates a kit for the signed-in customer: who takes the sample, their details and consents.
 * Once per kit; the kit moves to this account. Unknown and already activated codes get the same
 * 404, so the answer never says which codes exist.
 */
export async function activateKit(
  db: Executor,
  userId: string,
  body: ActivateKitBody,
  at: Date,
): Promise<KitView> {
  const reading = parseKitCode(body.code);
  if (!reading.ok)
    throw badRequest(KIT_CODE_PROBLEM_TEXT[reading.problem], {
      code: KIT_CODE_PROBLEM_TEXT[reading.problem],
    });
  if (body.sampleTakenOn < body.dateOfBirth)
    throw badRequest('The sample cannot be taken before the date of birth', {
      sampleTakenOn: 'The sample cannot be taken before the date of birth',
    });
  const kit = await inTransaction(db, async (trx) => {
    const found = await lockKitByCode(trx, reading.code);
    if (!found || !ACTIVATABLE.includes(found.state))
      throw new AppError(404, 'NOT_FOUND', ACTIVATION_REFUSED_MESSAGE);
    await writeKitActivation(trx, found.id, {
      userId,
      sampleTaker: body.sampleTaker,
      name: body.name,
      dateOfBirth: body.dateOfBirth,
      sexAtBirth: body.sexAtBirth,
      sampleTakenOn: body.sampleTakenOn,
      at,
    });
    const moved = await recordKitTransition(trx, {
      kitId: found.id,
      to: 'activated',
      source: 'customer',
      at,
      detail: { sampleTaker: body.sampleTaker },
    });
    return moved.kit;
  });
  const events = await selectKitEvents(db, [kit.id]);
  return toKitView(kit, events);
}

/**
 * A kit ID typed at sign-up: the new account holds that kit (when it can still be activated), and
 * /activate offers the code to finish (the sample-taker's details and consents come from there).
 * Anything else typed is ignored, as the sign-up form always did.
 */
export async function claimKitAtSignup(
  trx: Executor,
  userId: string,
  typed: string | null,
): Promise<boolean> {
  if (!typed) return false;
  const reading = parseKitCode(typed);
  if (!reading.ok) return false;
  const kit = await lockKitByCode(trx, reading.code);
  if (!kit || !ACTIVATABLE.includes(kit.state)) return false;
  await assignKitOwner(trx, kit.id, userId);
  return true;
}

function nextStepOf(state: KitState): KitNextStep {
  switch (state) {
    case 'created':
    case 'shipped':
    case 'delivered':
      return 'activate';
    case 'activated':
      return 'send_sample';
    case 'sample_sent':
    case 'received':
    case 'resulted':
      return 'wait';
    case 'released':
      return 'view_results';
    default:
      return null;
  }
}

const REASON_TEXT: Record<KitRejectionReason, string> = {
  insufficient: 'Not enough blood in the sample',
  haemolysed: 'The sample was haemolysed',
  too_old: 'The sample was too old when it reached the lab',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : null;
}

function eventNote(event: KitEventRow): string | null {
  const detail = event.detail ?? {};
  if (event.to_state === 'rejected') {
    const reason = detail.reason as KitRejectionReason;
    return REASON_TEXT[reason] ?? null;
  }
  if (event.to_state === 'created' && detail.replacesKitId) return 'Free replacement kit';
  if (event.to_state === 'shipped' && text(detail.trackingNumber))
    return `Tracking number ${text(detail.trackingNumber)}`;
  return null;
}

function trackingUrlOf(event: KitEventRow): string | null {
  const url = text(event.detail?.trackingUrl);
  return url && /^https:\/\//.test(url) ? url : null;
}

export function toKitView(kit: KitRow, events: KitEventRow[]): KitView {
  return {
    id: kit.id,
    code: kit.code,
    title: kit.title,
    state: kit.state,
    rejectionReason: kit.rejection_reason,
    replacesKitId: kit.replaces_kit_id,
    sampleTaker: kit.sample_taker,
    subjectName: kit.subject_name,
    sampleTakenOn: kit.sample_taken_on,
    createdAt: kit.created_at.toISOString(),
    nextStep: nextStepOf(kit.state),
    events: events
      .filter((event) => event.kit_id === kit.id)
      .map((event) => ({
        state: event.to_state,
        source: event.source,
        at: event.at.toISOString(),
        note: eventNote(event),
        trackingUrl: trackingUrlOf(event),
      })),
  };
}

/** The signed-in customer's kits with their timelines, and a code from sign-up to finish. */
export async function listAccountKits(db: Executor, userId: string): Promise<KitList> {
  const kits = await selectAccountKits(db, userId);
  const events = await selectKitEvents(
    db,
    kits.map((kit) => kit.id),
  );
  const typed = await selectUserKitCode(db, userId);
  const reading = typed ? parseKitCode(typed) : null;
  const pending =
    reading?.ok && kits.some((kit) => kit.code === reading.code && ACTIVATABLE.includes(kit.state))
      ? reading.code
      : null;
  return { kits: kits.map((kit) => toKitView(kit, events)), pendingCode: pending };
}

/** One kit the customer may see (owner only; anyone else gets the 404 of a missing id). */
export async function findAccountKit(db: Executor, userId: string, id: string): Promise<KitRow> {
  const kit = await selectAccountKit(db, userId, id);
  if (!kit) throw notFound('Kit not found');
  return kit;
}
