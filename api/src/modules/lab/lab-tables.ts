// The lab domain's tables, as Kysely row types. db/schema.ts adds them to the shop's DB type;
// only this module reads or writes them.
import type { ResultFlag } from '@shop/shared/contract/results';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type LabChannel = 'mllp' | 'fhir';
/** applied: it moved a kit; queued: waiting for an operator (unknown or unactivated kit). */
export type LabMessageOutcome = 'applied' | 'queued' | 'resolved';

export interface LabMessagesTable {
  id: string;
  /** MSH-10 (or the FHIR Bundle's identifier): a repeat is answered, never applied again. */
  control_id: string;
  channel: LabChannel;
  kit_code: string;
  kit_id: Optional<string>;
  kind: 'results' | 'received' | 'rejected';
  outcome: LabMessageOutcome;
  ack_code: 'AA' | 'AE';
  /** Why it waits in the operator queue; null once applied. */
  reason: Optional<string>;
  /** The message as received, kept only while it waits in the queue. */
  body: Optional<string>;
  received_at: Timestamp;
}

export interface LabObservationsTable {
  id: Generated<number>;
  message_id: string;
  kit_id: string;
  loinc: string;
  name: string;
  value: number | null;
  value_text: string | null;
  unit: string | null;
  range_low: number | null;
  range_high: number | null;
  range_text: string | null;
  flag: ResultFlag | null;
  status: 'F' | 'C' | 'P';
  received_at: Timestamp;
  /** Set when a later value of the same analyte replaced this one (a correction's history). */
  superseded_at: NullableTimestamp;
}

export type LabReportState = 'held' | 'released';

export interface LabReportsTable {
  kit_id: string;
  kit_code: string;
  user_id: string;
  state: LabReportState;
  /** The results upload the readings are stored under, once released. */
  upload_id: Optional<string>;
  collected_at: NullableTimestamp;
  held_reason: Optional<string>;
  reviewed_by: Optional<string>;
  reviewed_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface LabTables {
  lab_messages: LabMessagesTable;
  lab_observations: LabObservationsTable;
  lab_reports: LabReportsTable;
}

export type LabMessageRow = Selectable<LabMessagesTable>;
export type LabObservationRow = Selectable<LabObservationsTable>;
export type LabReportRow = Selectable<LabReportsTable>;
