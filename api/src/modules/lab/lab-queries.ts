// The lab domain's SQL: plain functions taking an executor (the database or the caller's
// transaction). Only lab-service.ts and the lab routes call them.
import type { Executor } from '../../db/schema';
import type {
  LabChannel,
  LabMessageRow,
  LabObservationRow,
  LabObservationsTable,
  LabReportRow,
  LabReportState,
} from './lab-tables';
import type { Insertable } from 'kysely';

export interface NewLabMessage {
  id: string;
  controlId: string;
  channel: LabChannel;
  kitCode: string;
  kind: LabMessageRow['kind'];
  receivedAt: Date;
}

/**
 * Claims a control id: true when this call inserted it, false when it was taken (a repeat). Two
 * instances claiming the same id at once: the second waits for the first's transaction, then
 * sees the conflict, so a message is applied once.
 */
export async function claimLabMessage(db: Executor, message: NewLabMessage): Promise<boolean> {
  const row = await db
    .insertInto('lab_messages')
    .values({
      id: message.id,
      control_id: message.controlId,
      channel: message.channel,
      kit_code: message.kitCode,
      kind: message.kind,
      outcome: 'applied',
      ack_code: 'AA',
      received_at: message.receivedAt,
    })
    .onConflict((oc) => oc.column('control_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findLabMessageByControlId(
  db: Executor,
  controlId: string,
): Promise<LabMessageRow | null> {
  return (
    (await db
      .selectFrom('lab_messages')
      .selectAll()
      .where('control_id', '=', controlId)
      .executeTakeFirst()) ?? null
  );
}

export async function settleLabMessage(
  db: Executor,
  id: string,
  state: Pick<LabMessageRow, 'outcome' | 'ack_code' | 'reason' | 'body' | 'kit_id'>,
): Promise<void> {
  await db.updateTable('lab_messages').set(state).where('id', '=', id).execute();
}

/** The operator queue: messages waiting for a kit, oldest first. */
export async function listQueuedLabMessages(db: Executor, limit = 200): Promise<LabMessageRow[]> {
  return db
    .selectFrom('lab_messages')
    .selectAll()
    .where('outcome', '=', 'queued')
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks the kit's current values of these analytes as replaced (kept as history). */
export async function supersedeObservations(
  db: Executor,
  kitId: string,
  loincs: readonly string[],
  at: Date,
): Promise<void> {
  if (loincs.length === 0) return;
  await db
    .updateTable('lab_observations')
    .set({ superseded_at: at })
    .where('kit_id', '=', kitId)
    .where('loinc', 'in', [...loincs])
    .where('superseded_at', 'is', null)
    .execute();
}

// Well under PostgreSQL's 65,535 bind parameters at 14 columns a row.
const INSERT_BATCH = 1_000;

export async function insertObservations(
  db: Executor,
  rows: readonly Insertable<LabObservationsTable>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    await db
      .insertInto('lab_observations')
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
}

/** The kit's current values (one per analyte), by analyte name. */
export async function listCurrentObservations(
  db: Executor,
  kitId: string,
): Promise<LabObservationRow[]> {
  return db
    .selectFrom('lab_observations')
    .selectAll()
    .where('kit_id', '=', kitId)
    .where('superseded_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Every value the kit ever had, a corrected one's earlier versions included, oldest first. */
export async function listObservationHistory(
  db: Executor,
  kitId: string,
): Promise<LabObservationRow[]> {
  return db
    .selectFrom('lab_observations')
    .selectAll()
    .where('kit_id', '=', kitId)
    .orderBy('id')
    .execute();
}

export async function findLabReport(db: Executor, kitId: string): Promise<LabReportRow | null> {
  return (
    (await db
      .selectFrom('lab_reports')
      .selectAll()
      .where('kit_id', '=', kitId)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export interface LabReportChange {
  kitId: string;
  kitCode: string;
  userId: string;
  state: LabReportState;
  uploadId: string | null;
  collectedAt: Date | null;
  heldReason: string | null;
  reviewedBy?: string | null;
  reviewedAt?: Date | null;
  at: Date;
}

export async function saveLabReport(db: Executor, change: LabReportChange): Promise<void> {
  const values = {
    kit_code: change.kitCode,
    user_id: change.userId,
    state: change.state,
    upload_id: change.uploadId,
    collected_at: change.collectedAt,
    held_reason: change.heldReason,
    ...(change.reviewedBy !== undefined ? { reviewed_by: change.reviewedBy } : {}),
    ...(change.reviewedAt !== undefined ? { reviewed_at: change.reviewedAt } : {}),
    updated_at: change.at,
  };
  await db
    .insertInto('lab_reports')
    .values({ kit_id: change.kitId, ...values })
    .onConflict((oc) => oc.column('kit_id').doUpdateSet(values))
    .execute();
}

/** Reports a clinician must look at, oldest first. */
export async function listHeldReports(db: Executor): Promise<LabReportRow[]> {
  return db
    .selectFrom('lab_reports')
    .selectAll()
    .where('state', '=', 'held')
    .orderBy('updated_at')
    .orderBy('kit_id')
    .execute();
}
