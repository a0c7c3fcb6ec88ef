import type { Executor } from '../../db/schema';
import type { CanaryOutcome } from '../../releases/canary-releases';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';

/** `delivery.canary.*`: the first word stays `delivery`, like every release change's audit row. */
type CanaryAuditAction =
  | 'delivery.canary.start'
  | 'delivery.canary.step'
  | 'delivery.canary.promote'
  | 'delivery.canary.abort'
  | 'delivery.canary.auto-abort';

export interface CanaryChangeAudit {
  actor: AuditActor;
  outcome: CanaryOutcome;
  /** An automatic abort's reason and the figures it compared. */
  why?: unknown;
  automatic?: boolean;
  requestId?: string | null;
}

/**
 * The audit row of a canary change, built here once for the console, the CLI and the automatic
 * abort, so every row reads alike.
 */
export async function recordCanaryChange(db: Executor, change: CanaryChangeAudit): Promise<void> {
  const { outcome } = change;
  const action: CanaryAuditAction =
    change.automatic && outcome.action === 'abort'
      ? 'delivery.canary.auto-abort'
      : `delivery.canary.${outcome.action}`;
  await recordAudit(db, {
    actor: change.actor,
    action,
    target: outcome.remote,
    before: { live: outcome.stable, canary: outcome.version, share: outcome.fromShare },
    after: {
      live: outcome.live,
      canary: outcome.toShare === null ? null : outcome.version,
      share: outcome.toShare,
      warnings: outcome.warnings,
      ...(change.why === undefined ? {} : { why: change.why }),
    },
    requestId: change.requestId,
  });
}
