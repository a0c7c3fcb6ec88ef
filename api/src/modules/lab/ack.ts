// The ACK the shop sends back for every message: AA accepted, AE/AR with the reason in MSA-3 and
// an ERR segment (the code of HL7 table 0357 and the same words for the lab's staff).
import { Hl7Message, Hl7Segment } from '@medplum/core';

export type AckCode = 'AA' | 'AE' | 'AR';

export interface AckAnswer {
  code: AckCode;
  controlId: string | null;
  reason: string | null;
  errorCode?: string;
}

// What the reply names as the shop when the message could not be read at all.
const SHOP_APPLICATION = 'SHOP';

/** HL7 text cannot carry its own delimiters: they are escaped (and line breaks dropped). */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
}

function errSegment(answer: AckAnswer): Hl7Segment {
  return new Hl7Segment([
    'ERR',
    '',
    '',
    `${answer.errorCode ?? '207'}^${escapeText(answer.reason ?? '')}^HL70357`,
    answer.code === 'AE' ? 'E' : 'F',
    '',
    '',
    '',
    escapeText(answer.reason ?? ''),
  ]);
}

/** The ACK of `message` (or of an unreadable one, naming no sender) as HL7 text. */
export function buildAck(message: Hl7Message | null, answer: AckAnswer, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '');
  const msa = new Hl7Segment(
    answer.reason === null
      ? ['MSA', answer.code, answer.controlId ?? '']
      : ['MSA', answer.code, answer.controlId ?? '', escapeText(answer.reason)],
  );
  if (message) {
    const ack = message.buildAck({
      ackCode: answer.code,
      ...(answer.code === 'AA' ? {} : { errSegment: errSegment(answer) }),
    });
    ack.setSegment('MSA', msa);
    return ack.toString();
  }
  const msh = new Hl7Segment([
    'MSH',
    '^~\\&',
    SHOP_APPLICATION,
    SHOP_APPLICATION,
    '',
    '',
    stamp,
    '',
    'ACK',
    `ACK${stamp}`,
    'P',
    '2.5.1',
  ]);
  return new Hl7Message([
    msh,
    msa,
    ...(answer.code === 'AA' ? [] : [errSegment(answer)]),
  ]).toString();
}
