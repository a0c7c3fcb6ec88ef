import type { Executor } from '../../db/schema';
import type { DeployOutcome, ReleaseAuditAction } from '../../releases/releases';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';

export interface ReleaseChangeAudit {
  actor: AuditActor;
  action: ReleaseAuditAction;
  force: boolean;
  outcome: DeployOutcome;
  requestId?: string | null;
}

/**
 * The audit row of a release change, built here once so the console and the CLI record the same
 * shape. A change that changed nothing is not an operator action worth a row.
 */
export async function recordReleaseChange(db: Executor, change: ReleaseChangeAudit): Promise<void> {
  const { outcome } = change;
  if (!outcome.changed) return;
  await recordAudit(db, {
    actor: change.actor,
    action: change.action,
    target: outcome.remote,
    before: { live: outcome.from },
    after: {
      live: outcome.to,
      contractVersion: outcome.contractVersion,
      force: change.force,
      warnings: outcome.warnings,
    },
    requestId: change.requestId,
  });
}
