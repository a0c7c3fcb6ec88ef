// Client-side checks that use the very schemas the API validates with, so the browser and the
// server agree on every message.
import { splitFullName } from '@shop/shared/format/full-name';
import {
  invitationBodySchema,
  referralBodySchema,
  type InvitationBody,
  type ReferralBody,
} from '@shop/shared/contract/user';

export type WaitlistSource = InvitationBody['source'];

export interface WaitlistValues {
  fullName: string;
  email: string;
}

export interface ReferralValues {
  email: string;
  referred: string;
}

const NAME_MESSAGE = 'Please enter your name';

export function nameError(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? null : NAME_MESSAGE;
}

/** The invitation body: the full name split on its first space (a single word repeats as the last name). */
export function toInvitationBody(values: WaitlistValues, source: WaitlistSource): InvitationBody {
  const { firstName, lastName } = splitFullName(values.fullName ?? '');
  return { email: values.email ?? '', first_name: firstName, last_name: lastName, source };
}

/** Checks the whole invitation as the server will; returns messages by form field. */
export function waitlistErrors(
  values: WaitlistValues,
  source: WaitlistSource,
): Partial<Record<keyof WaitlistValues, string>> {
  const result = invitationBodySchema.safeParse(toInvitationBody(values, source));
  if (result.success) return {};
  return apiFieldsToWaitlist(
    Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
  );
}

/** Server field names (email, first_name, last_name) onto the form's (email, fullName). */
export function apiFieldsToWaitlist(
  fields: Record<string, string>,
): Partial<Record<keyof WaitlistValues, string>> {
  const errors: Partial<Record<keyof WaitlistValues, string>> = {};
  if (fields.email) errors.email = fields.email;
  if (fields.first_name || fields.last_name) errors.fullName = NAME_MESSAGE;
  return errors;
}

/** Both emails valid and different, checked by the API's own schema. */
export function referralErrors(
  values: ReferralValues,
): Partial<Record<keyof ReferralValues, string>> {
  const result = referralBodySchema.safeParse({
    email: values.email ?? '',
    referred: values.referred ?? '',
  });
  if (result.success) return {};
  const errors: Partial<Record<keyof ReferralValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'referred') && !errors[field]) {
      // The shared schema says "your email" for both; on the friend's field that would confuse.
      errors[field] =
        field === 'referred' && issue.message === 'Please enter your email'
          ? "Please enter your friend's email"
          : issue.message;
    }
  }
  return errors;
}

export function toReferralBody(values: ReferralValues): ReferralBody {
  return { email: values.email, referred: values.referred };
}
