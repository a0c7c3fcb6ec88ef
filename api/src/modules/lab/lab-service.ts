// Applying what a lab sent: a message is claimed by its control id (applied once, a repeat gets
// the first answer again), matched to an activated kit (else it waits in the operator queue),
// its values kept with their history, and the kit's results released to the customer unless a
// value is critical, when a clinician must release them first.
import { randomUUID } from 'node:crypto';
import type { KitRejectionReason, KitState } from '@shop/shared/contract/kits';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import type { MailQueue } from '../../services/mail/mail-queue';
import { storeLabReadings } from '../../services/results/lab-readings';
import type { ParsedReading } from '../../services/results/readers/parsed-reading';
import type { UploadStore } from '../../services/results/upload-store';
import { findKitByCode, formatKitCode, recordKitTransition, type LabKit } from './kit-port';
import {
  claimLabMessage,
  findLabMessageByControlId,
  findLabReport,
  insertObservations,
  listCurrentObservations,
  saveLabReport,
  settleLabMessage,
  supersedeObservations,
} from './lab-queries';
import type { LabChannel, LabObservationRow } from './lab-tables';
import type { LabReport } from './oru-message';
import { resultsReadyEmail } from './results-ready-email';

export interface LabDeps {
  db: Database;
  clock: Clock;
  mail: MailQueue;
  uploadStore: UploadStore;
  publicOrigin: string;
}

/** What the lab is answered: AA applied (or a repeat of one), AE kept for the shop's review. */
export interface LabAnswer {
  code: 'AA' | 'AE';
  reason: string | null;
}

const ACTIVE_STATES: ReadonlySet<KitState> = new Set([
  'activated',
  'sample_sent',
  'received',
  'resulted',
  'released',
]);
// The lab's path for a kit: the next state towards a result, and how far along each state is.
const NEXT: Partial<Record<KitState, KitState>> = {
  activated: 'received',
  sample_sent: 'received',
  received: 'resulted',
  resulted: 'released',
};
const RANK: Partial<Record<KitState, number>> = {
  activated: 0,
  sample_sent: 0,
  received: 1,
  resulted: 2,
  released: 3,
};
// Unknown and unactivated kits get the same words: the answer tells nobody which codes exist.
const NOT_ACTIVE = 'No activated kit has this ID; the message is kept for the shop to review';

/** Moves the kit forward along the lab's path to `target`, step by step; never backwards. */
async function advanceKit(
  trx: Executor,
  kit: LabKit,
  target: KitState,
  at: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  const goal = RANK[target] ?? -1;
  for (;;) {
    const next = NEXT[kit.state];
    if (!next || (RANK[kit.state] ?? goal) >= goal) return;
    await recordKitTransition(trx, { kitId: kit.id, to: next, source: 'lab', at, detail });
    kit.state = next;
  }
}

/** The lab's words for a rejected sample, as the kit's reasons. */
export function rejectionReasonOf(text: string): KitRejectionReason | null {
  if (/insufficient|quantity not sufficient|\bQNS\b/i.test(text)) return 'insufficient';
  if (/ha?emoly/i.test(text)) return 'haemolysed';
  if (/too old|stale|expired|stability/i.test(text)) return 'too_old';
  return null;
}

const isCritical = (row: Pick<LabObservationRow, 'flag'>) =>
  row.flag === 'critically-high' || row.flag === 'critically-low';

function readingOf(row: LabObservationRow, collectedAt: Date): ParsedReading {
  const hasRange = row.range_low !== null || row.range_high !== null || row.range_text !== null;
  return {
    name: row.name,
    loinc: row.loinc,
    value: row.value,
    valueText: row.value_text,
    unit: row.unit,
    range: hasRange ? { low: row.range_low, high: row.range_high, text: row.range_text } : null,
    flag: row.flag,
    collectedAt: collectedAt.toISOString(),
  };
}

interface ReleaseInput {
  kit: LabKit;
  userId: string;
  previousUploadId: string | null;
  collectedAt: Date;
  reviewedBy: string | null;
  corrected: boolean;
  /** Makes the mail once per release. */
  mailKey: string;
}

/** Puts the kit's final values on the customer's account and mails them (no values). */
async function release(deps: LabDeps, trx: Executor, input: ReleaseInput): Promise<void> {
  const now = deps.clock.now();
  const current = (await listCurrentObservations(trx, input.kit.id)).filter(
    (row) => row.status !== 'P',
  );
  const uploadId = current.length
    ? await storeLabReadings(trx, deps.uploadStore, {
        userId: input.userId,
        kitLabel: formatKitCode(input.kit.code),
        previousUploadId: input.previousUploadId,
        collectedAt: input.collectedAt,
        readings: current.map((row) => readingOf(row, input.collectedAt)),
        now,
      })
    : input.previousUploadId;
  await saveLabReport(trx, {
    kitId: input.kit.id,
    kitCode: input.kit.code,
    userId: input.userId,
    state: 'released',
    uploadId,
    collectedAt: input.collectedAt,
    heldReason: null,
    ...(input.reviewedBy !== null ? { reviewedBy: input.reviewedBy, reviewedAt: now } : {}),
    at: now,
  });
  await advanceKit(trx, input.kit, 'released', now, {});
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (user)
    await deps.mail.enqueue(
      trx,
      resultsReadyEmail({
        to: user.email,
        kitLabel: formatKitCode(input.kit.code),
        resultsUrl: `${deps.publicOrigin}/account/results`,
        reviewed: input.reviewedBy !== null,
        corrected: input.corrected,
      }),
      { dedupeKey: input.mailKey },
    );
}

async function applyResults(
  deps: LabDeps,
  trx: Executor,
  kit: LabKit,
  userId: string,
  report: LabReport,
  messageId: string,
): Promise<void> {
  const now = deps.clock.now();
  const loincs = [...new Set(report.observations.map((obs) => obs.loinc))];
  await supersedeObservations(trx, kit.id, loincs, now);
  // The last value of an analyte in one message is the one that counts.
  const latest = new Map(report.observations.map((obs) => [obs.loinc, obs]));
  await insertObservations(
    trx,
    [...latest.values()].map((obs) => ({
      message_id: messageId,
      kit_id: kit.id,
      loinc: obs.loinc,
      name: obs.name,
      value: obs.value,
      value_text: obs.valueText,
      unit: obs.unit,
      range_low: obs.rangeLow,
      range_high: obs.rangeHigh,
      range_text: obs.rangeText,
      flag: obs.flag,
      status: obs.status,
      received_at: now,
    })),
  );
  await advanceKit(trx, kit, 'resulted', now, { message: report.controlId });
  const existing = await findLabReport(trx, kit.id);
  const collectedAt = report.collectedAt ?? existing?.collected_at ?? now;
  const current = await listCurrentObservations(trx, kit.id);
  const critical = current.filter(isCritical);
  if (existing?.state === 'held' || critical.length > 0) {
    // Held results wait for a clinician, whatever else arrives meanwhile.
    await saveLabReport(trx, {
      kitId: kit.id,
      kitCode: kit.code,
      userId,
      state: 'held',
      uploadId: existing?.upload_id ?? null,
      collectedAt,
      heldReason: `Critical: ${(critical.length ? critical : current.filter(isCritical))
        .map((row) => row.name)
        .join(', ')}`.slice(0, 500),
      at: now,
    });
    return;
  }
  if (!current.some((row) => row.status !== 'P')) return;
  await release(deps, trx, {
    kit,
    userId,
    previousUploadId: existing?.upload_id ?? null,
    collectedAt,
    reviewedBy: null,
    corrected: existing !== null,
    mailKey: `lab-results:${messageId}`,
  });
}

async function applyToKit(
  deps: LabDeps,
  trx: Executor,
  kit: LabKit,
  userId: string,
  report: LabReport,
  messageId: string,
): Promise<LabAnswer> {
  const now = deps.clock.now();
  if (report.kind === 'received') {
    await advanceKit(trx, kit, 'received', now, { message: report.controlId });
    return { code: 'AA', reason: null };
  }
  if (report.kind === 'rejected') {
    const reason = rejectionReasonOf(report.reason ?? '');
    if (!reason)
      return {
        code: 'AE',
        reason: 'The rejection reason must say insufficient, haemolysed or too old',
      };
    await recordKitTransition(trx, {
      kitId: kit.id,
      to: 'rejected',
      source: 'lab',
      at: now,
      detail: { reason, message: report.controlId },
    });
    return { code: 'AA', reason: null };
  }
  await applyResults(deps, trx, kit, userId, report, messageId);
  return { code: 'AA', reason: null };
}

/** Applies one message once, in one transaction; the answer is what the lab is told. */
export async function applyLabReport(
  deps: LabDeps,
  channel: LabChannel,
  report: LabReport,
  body: string,
): Promise<LabAnswer> {
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<LabAnswer> => {
      const id = randomUUID();
      const claimed = await claimLabMessage(trx, {
        id,
        controlId: report.controlId,
        channel,
        kitCode: report.kitCode.slice(0, 40),
        kind: report.kind,
        receivedAt: deps.clock.now(),
      });
      if (!claimed) {
        const first = await findLabMessageByControlId(trx, report.controlId);
        return { code: first?.ack_code ?? 'AA', reason: first?.reason ?? null };
      }
      const kit = await findKitByCode(trx, report.kitCode);
      const userId = kit?.activated_by ?? null;
      if (!kit || !userId || !ACTIVE_STATES.has(kit.state)) {
        await settleLabMessage(trx, id, {
          outcome: 'queued',
          ack_code: 'AE',
          reason: NOT_ACTIVE,
          body,
          kit_id: kit?.id ?? null,
        });
        return { code: 'AE', reason: NOT_ACTIVE };
      }
      const answer = await applyToKit(deps, trx, kit, userId, report, id);
      if (answer.code !== 'AA') throw new RefusedInside(answer);
      await settleLabMessage(trx, id, {
        outcome: 'applied',
        ack_code: 'AA',
        reason: null,
        body: null,
        kit_id: kit.id,
      });
      return answer;
    })
    .catch((error: unknown) => {
      // A refusal found while applying stores nothing: the lab may fix it and send it again.
      if (error instanceof RefusedInside) return error.answer;
      throw error;
    });
  deps.mail.wake();
  return outcome;
}

class RefusedInside extends Error {
  constructor(readonly answer: LabAnswer) {
    super(answer.reason ?? 'refused');
  }
}

/** A clinician releases a held report: audited, and the customer is asked to get in touch. */
export async function releaseHeldReport(
  deps: LabDeps,
  kitId: string,
  clinician: AuditActor & { userId: string },
  note: string,
): Promise<'released' | 'not-held'> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const report = await findLabReport(trx, kitId);
    if (!report || report.state !== 'held') return 'not-held' as const;
    const kit = await findKitByCode(trx, report.kit_code);
    if (!kit) return 'not-held' as const;
    await release(deps, trx, {
      kit,
      userId: report.user_id,
      previousUploadId: report.upload_id,
      collectedAt: report.collected_at ?? deps.clock.now(),
      reviewedBy: clinician.userId,
      corrected: report.upload_id !== null,
      mailKey: `lab-review:${kitId}:${deps.clock.now().getTime()}`,
    });
    await recordAudit(trx, {
      actor: clinician,
      action: 'lab.release',
      target: kitId,
      before: { state: 'held', heldReason: report.held_reason },
      after: { state: 'released', note },
    });
    return 'released' as const;
  });
  deps.mail.wake();
  return result;
}
