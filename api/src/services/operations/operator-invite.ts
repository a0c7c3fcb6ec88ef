import { RESET_PASSWORD_PAGE_PATH } from '@shop/shared/contract/auth';
import type { Database } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import { grantOperator } from '../../repositories/operators-repository';
import { createResetLink } from '../../repositories/reset-links-repository';
import type { MailQueue } from '../mail/mail-queue';
import { operatorInviteEmail } from '../mail/templates';

/** Longer than a reset link: an invitation may wait over a weekend. */
export const OPERATOR_LINK_TTL_HOURS = 72;

/**
 * Makes `email` an operator and mails a set-password link (the reset-link table and page), all in
 * one transaction with its audit row: the API route and `shop operator add` both come here.
 */
export async function inviteOperator(
  db: Database,
  mailQueue: Pick<MailQueue, 'enqueue' | 'wake'>,
  input: {
    email: string;
    name?: string;
    publicOrigin: string;
    actor: AuditActor;
    requestId?: string;
  },
): Promise<{ email: string; created: boolean }> {
  const name = input.name?.trim() || input.email.split('@')[0] || input.email;
  const result = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['role'])
      .where('email', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    const { user, created } = await grantOperator(trx, { email: input.email, name });
    const { linkId } = await createResetLink(trx, {
      userId: user.id,
      ttlMs: OPERATOR_LINK_TTL_HOURS * 60 * 60 * 1000,
    });
    const link = `${input.publicOrigin}${RESET_PASSWORD_PAGE_PATH}?linkId=${encodeURIComponent(linkId)}`;
    await mailQueue.enqueue(
      trx,
      operatorInviteEmail({
        to: user.email,
        name: user.name,
        link,
        ttlHours: OPERATOR_LINK_TTL_HOURS,
      }),
    );
    await recordAudit(trx, {
      actor: input.actor,
      action: 'operator.add',
      target: user.email,
      before: before ? { role: before.role } : null,
      after: { role: 'operator', created },
      requestId: input.requestId,
    });
    return { email: user.email, created };
  });
  mailQueue.wake();
  return result;
}
