// Reading one HL7 v2.5.1 ORU^R01 from a lab into what the shop stores, or a refusal with the ACK
// code and reason the lab is told. Pure: text in, a lab report or a refusal out.
import { Hl7Message, type Hl7Segment } from '@medplum/core';
import type { ResultFlag } from '@shop/shared/contract/results';

/** One OBX: a value of one analyte as the lab sent it. */
export interface LabObservation {
  loinc: string;
  name: string;
  value: number | null;
  valueText: string | null;
  unit: string | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  rangeText: string | null;
  flag: ResultFlag | null;
  /** F final, C corrected, P preliminary. */
  status: 'F' | 'C' | 'P';
}

/** What a message says about one kit: results, its sample received, or its sample rejected. */
export interface LabReport {
  controlId: string;
  /** The kit ID as the lab wrote it (OBR-2 placer order number, else SPM-2 specimen id). */
  kitCode: string;
  kind: 'results' | 'received' | 'rejected';
  /** Why a sample was rejected (OBR-25 X with a note), shown to the customer in words. */
  reason: string | null;
  collectedAt: Date | null;
  observations: LabObservation[];
}

/** AE: the message was understood but cannot be applied; AR: it is not a message we take. */
export interface LabRefusal {
  ackCode: 'AE' | 'AR';
  /** HL7 table 0357 error code, for ERR-3. */
  errorCode: '100' | '101' | '102' | '103' | '200' | '203' | '207';
  reason: string;
  /** MSH-10 when it could be read, so the ACK names the message it answers. */
  controlId: string | null;
}

export type ReadOutcome =
  | { ok: true; report: LabReport; message: Hl7Message }
  | { ok: false; refusal: LabRefusal; message: Hl7Message | null };

/** Limits a message must keep; a real panel is tens of OBX, a full profile a few hundred. */
export const ORU_LIMITS = { maxObservations: 500, maxFieldLength: 500 } as const;

const FLAGS: Record<string, ResultFlag> = {
  N: 'normal',
  H: 'high',
  L: 'low',
  HH: 'critically-high',
  LL: 'critically-low',
  A: 'abnormal',
};
const OBX_STATUSES = new Set(['F', 'C', 'P']);
const LOINC = /^\d{1,7}-\d$/;
// Markup has no place in a lab value; "<100" as a range or value is fine, "<script" is not.
const MARKUP = /<\s*[a-zA-Z!/?]|&[a-zA-Z#][a-zA-Z0-9]*;/;
const CONTROL_ID = /^[\x21-\x7e]{1,50}$/;
// Crockford symbols, the check symbols (*~$=U), and the hyphens and spaces of the printed form.
const KIT_CODE = /^[0-9A-Za-z*~$= -]{6,40}$/;

class Refused extends Error {
  constructor(readonly refusal: Omit<LabRefusal, 'controlId'>) {
    super(refusal.reason);
  }
}

const refuse = (
  ackCode: LabRefusal['ackCode'],
  errorCode: LabRefusal['errorCode'],
  reason: string,
): never => {
  throw new Refused({ ackCode, errorCode, reason });
};

// The standard escapes of HL7 text (\F\ \S\ \T\ \R\ \E\); anything else is dropped.
function unescapeText(text: string): string {
  return text.replace(/\\([FSTRE])\\|\\[^\\]*\\/g, (_match, code: string | undefined) => {
    switch (code) {
      case 'F':
        return '|';
      case 'S':
        return '^';
      case 'T':
        return '&';
      case 'R':
        return '~';
      case 'E':
        return '\\';
      default:
        return '';
    }
  });
}

/** A component as text, unescaped, checked for length and markup; null when empty. */
function text(segment: Hl7Segment, field: number, component = 1): string | null {
  const raw = segment.getComponent(field, component);
  if (!raw) return null;
  const value = unescapeText(raw).trim();
  if (value.length > ORU_LIMITS.maxFieldLength)
    refuse(
      'AE',
      '102',
      `${segment.name}-${field} is longer than ${ORU_LIMITS.maxFieldLength} characters`,
    );
  if (MARKUP.test(value)) refuse('AE', '102', `${segment.name}-${field} holds markup`);
  return value === '' ? null : value;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function rangeOf(
  range: string | null,
): Pick<LabObservation, 'rangeLow' | 'rangeHigh' | 'rangeText'> {
  if (!range) return { rangeLow: null, rangeHigh: null, rangeText: null };
  const between = /^\s*([+-]?[\d.]+)\s*-\s*([+-]?[\d.]+)\s*$/.exec(range);
  if (between && NUMBER.test(between[1]!) && NUMBER.test(between[2]!))
    return { rangeLow: Number(between[1]), rangeHigh: Number(between[2]), rangeText: null };
  const bound = /^\s*([<>])=?\s*([\d.]+)\s*$/.exec(range);
  if (bound && NUMBER.test(bound[2]!))
    return bound[1] === '<'
      ? { rangeLow: null, rangeHigh: Number(bound[2]), rangeText: null }
      : { rangeLow: Number(bound[2]), rangeHigh: null, rangeText: null };
  return { rangeLow: null, rangeHigh: null, rangeText: range };
}

/** HL7 TS (YYYYMMDD[HHMM[SS]][+ZZZZ]) as a Date; a date without a zone is taken as UTC. */
export function hl7Time(value: string | null): Date | null {
  const match =
    value &&
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2}))?)?(?:\.\d+)?([+-]\d{4})?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const offset = zone ? `${zone.slice(0, 3)}:${zone.slice(3)}` : 'Z';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function observationOf(obx: Hl7Segment, index: number): LabObservation {
  const where = `OBX ${index + 1}`;
  const loinc = text(obx, 3, 1);
  const system = text(obx, 3, 3);
  if (!loinc || !LOINC.test(loinc) || (system !== null && system !== 'LN'))
    refuse('AE', '103', `${where}: OBX-3 must be a LOINC code (code^name^LN)`);
  const status = obx.getComponent(11, 1);
  if (!OBX_STATUSES.has(status)) refuse('AE', '103', `${where}: OBX-11 must be F, C or P`);
  const type = obx.getComponent(2, 1);
  const raw = text(obx, 5);
  if (raw === null) refuse('AE', '101', `${where}: OBX-5 (the value) is empty`);
  let value: number | null = null;
  if (type === 'NM') {
    if (!NUMBER.test(raw!)) refuse('AE', '102', `${where}: OBX-5 is not a number`);
    value = Number(raw);
  } else if (type !== 'ST' && type !== 'TX' && type !== 'SN')
    refuse('AE', '102', `${where}: OBX-2 must be NM, SN, ST or TX`);
  const flagCode = obx.getComponent(8, 1);
  const flag = flagCode === '' ? null : FLAGS[flagCode];
  if (flag === undefined) refuse('AE', '103', `${where}: OBX-8 must be one of H, L, HH, LL, A, N`);
  return {
    loinc: loinc!,
    name: text(obx, 3, 2) ?? loinc!,
    value,
    valueText: value === null ? raw : null,
    unit: text(obx, 6, 1),
    ...rangeOf(text(obx, 7)),
    flag: flag ?? null,
    status: status as LabObservation['status'],
  };
}

// OBR-25 result status: I/S specimen in the lab, X no result (rejected), F/C/P results.
function kindOf(obr: Hl7Segment, observations: number): LabReport['kind'] {
  const status = obr.getComponent(25, 1);
  if (status === 'X') return 'rejected';
  if (status === 'I' || status === 'S' || status === 'O')
    return observations === 0 ? 'received' : 'results';
  if (status === 'F' || status === 'C' || status === 'P' || status === '') {
    if (observations === 0) refuse('AE', '101', 'A result message needs at least one OBX');
    return 'results';
  }
  return refuse('AE', '103', 'OBR-25 must be I, S, O, F, C, P or X');
}

function reportOf(message: Hl7Message, controlId: string): LabReport {
  const msh = message.header;
  const type = `${msh.getComponent(9, 1)}^${msh.getComponent(9, 2)}`;
  if (type !== 'ORU^R01') refuse('AR', '200', `Only ORU^R01 is taken here, not ${type}`);
  if (msh.getComponent(12, 1) !== '2.5.1')
    refuse('AR', '203', 'Only HL7 version 2.5.1 is taken here');
  const names = message.segments.map((segment) => segment.name);
  if (!names.includes('PID')) refuse('AR', '100', 'The PID segment is missing');
  const obrs = message.getAllSegments('OBR');
  if (obrs.length !== 1)
    refuse('AR', '100', 'Exactly one OBR segment is expected (one kit a message)');
  const obxs = message.getAllSegments('OBX');
  if (obxs.length > ORU_LIMITS.maxObservations)
    refuse('AR', '100', `More than ${ORU_LIMITS.maxObservations} OBX segments`);
  const obr = obrs[0]!;
  const spm = message.getSegment('SPM');
  const kitCode = text(obr, 2) ?? (spm ? text(spm, 2) : null);
  if (!kitCode || !KIT_CODE.test(kitCode))
    refuse(
      'AE',
      '101',
      'No kit ID: OBR-2 (placer order number) or SPM-2 (specimen id) is required',
    );
  for (const segment of message.getAllSegments('NTE')) text(segment, 3);
  const kind = kindOf(obr, obxs.length);
  const note = message
    .getAllSegments('NTE')
    .map((segment) => text(segment, 3))
    .find(Boolean);
  if (kind === 'rejected' && !note)
    refuse('AE', '101', 'A rejected sample needs its reason in an NTE');
  return {
    controlId,
    kitCode: kitCode!,
    kind,
    reason: kind === 'rejected' ? note! : null,
    collectedAt: hl7Time(obr.getComponent(7, 1)) ?? (spm ? hl7Time(spm.getComponent(17, 1)) : null),
    observations: kind === 'results' ? obxs.map(observationOf) : [],
  };
}

/** The report a message carries, or why it is refused. Never throws. */
export function readOruMessage(raw: string): ReadOutcome {
  if (!raw.startsWith('MSH|^~\\&|'))
    return {
      ok: false,
      message: null,
      refusal: {
        ackCode: 'AR',
        errorCode: '100',
        reason: 'A message starts with MSH and the encoding characters |^~\\&',
        controlId: null,
      },
    };
  // Counted before parsing, so a message of 100,000 segments costs a scan, not a parse.
  let segments = 0;
  for (let at = raw.indexOf('\r'); at !== -1; at = raw.indexOf('\r', at + 1)) segments += 1;
  if (segments > ORU_LIMITS.maxObservations + 50)
    return {
      ok: false,
      message: null,
      refusal: {
        ackCode: 'AR',
        errorCode: '100',
        reason: `More than ${ORU_LIMITS.maxObservations} OBX segments`,
        controlId: /^MSH\|(?:[^|\r]*\|){8}([^|\r]{1,50})\|/.exec(raw)?.[1] ?? null,
      },
    };
  let message: Hl7Message;
  try {
    // Labs end segments with CR; some send CRLF or LF.
    message = Hl7Message.parse(raw.replace(/\r\n|\n/g, '\r'));
  } catch {
    return {
      ok: false,
      message: null,
      refusal: {
        ackCode: 'AR',
        errorCode: '100',
        reason: 'Not an HL7 v2 message',
        controlId: null,
      },
    };
  }
  const controlId = message.header.getComponent(10, 1);
  if (!CONTROL_ID.test(controlId))
    return {
      ok: false,
      message,
      refusal: {
        ackCode: 'AR',
        errorCode: '101',
        reason: 'MSH-10 (message control ID) is missing or invalid',
        controlId: null,
      },
    };
  try {
    return { ok: true, report: reportOf(message, controlId), message };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { ok: false, message, refusal: { ...error.refusal, controlId } };
  }
}
