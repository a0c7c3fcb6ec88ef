import type { InvitationBody } from '@shop/shared/contract/user';
import type { Executor } from '../db/schema';

export interface NewInvitation {
  email: string;
  firstName: string;
  lastName: string;
  source: InvitationBody['source'];
}

/** Adds the email to the source's list once; returns false when it was already there. */
export async function addInvitation(db: Executor, invitation: NewInvitation): Promise<boolean> {
  const inserted = await db
    .insertInto('invitations')
    .values({
      email: invitation.email,
      first_name: invitation.firstName,
      last_name: invitation.lastName,
      source: invitation.source,
    })
    .onConflict((oc) => oc.columns(['email', 'source']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
