// The lab's MLLP endpoint: every framed message is read, applied once and acknowledged. Nothing
// a lab sends takes the listener down: a refusal or a failure is an AE/AR ACK, and a frame over
// the limit is refused and its connection closed.
import type { FastifyBaseLogger } from 'fastify';
import { buildAck } from './ack';
import { applyLabReport, type LabDeps } from './lab-service';
import { startMllpListener, type IdleTimers, type MllpListener } from './mllp-listener';
import { readOruMessage } from './oru-message';

export interface LabListenerOptions {
  port: number;
  host: string;
  /** A connection that completes no message for this long is closed. */
  idleMs?: number;
  /** A frame larger than this is refused (a 60-analyte panel is about 6 KB). */
  maxFrameBytes?: number;
  timers?: IdleTimers;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export const LAB_LISTENER_DEFAULTS = { idleMs: 60_000, maxFrameBytes: 1024 * 1024 } as const;

/** Reads, applies and answers one message; the ACK text. */
export async function answerLabMessage(
  deps: LabDeps,
  text: string,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<string> {
  const now = deps.clock.now();
  const read = readOruMessage(text);
  if (!read.ok) return buildAck(read.message, { code: read.refusal.ackCode, ...read.refusal }, now);
  try {
    const answer = await applyLabReport(deps, 'mllp', read.report, text);
    return buildAck(
      read.message,
      {
        code: answer.code,
        controlId: read.report.controlId,
        reason: answer.reason,
        errorCode: '204',
      },
      now,
    );
  } catch (error) {
    log?.error({ err: error, controlId: read.report.controlId }, 'lab message failed');
    return buildAck(
      read.message,
      {
        code: 'AE',
        controlId: read.report.controlId,
        reason: 'The shop could not apply this message; nothing was stored, send it again',
        errorCode: '207',
      },
      now,
    );
  }
}

export function startLabListener(
  deps: LabDeps,
  options: LabListenerOptions,
): Promise<MllpListener> {
  return startMllpListener({
    port: options.port,
    host: options.host,
    idleMs: options.idleMs ?? LAB_LISTENER_DEFAULTS.idleMs,
    maxFrameBytes: options.maxFrameBytes ?? LAB_LISTENER_DEFAULTS.maxFrameBytes,
    ...(options.timers ? { timers: options.timers } : {}),
    handler: (text) => answerLabMessage(deps, text, options.log),
    tooLarge: (head) => {
      const read = readOruMessage(head.split(/\r|\n/)[0] ?? '');
      return buildAck(
        read.message,
        {
          code: 'AR',
          controlId: read.message?.header.getComponent(10, 1) || null,
          reason: 'The message is larger than the shop takes; nothing was stored',
          errorCode: '100',
        },
        deps.clock.now(),
      );
    },
    onError: (error) => options.log?.error({ err: error }, 'lab listener error'),
  });
}
