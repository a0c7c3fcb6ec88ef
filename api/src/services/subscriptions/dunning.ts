// How a declined renewal is recovered: the retry schedule counted from the first decline, the
// declines that are never retried automatically, and when the tries have run out.
import type { DunningSettings } from '@shop/shared/contract/ops';
import { addCalendarSteps } from '../../lib/calendar';

/**
 * Decline codes after which trying the same card again cannot succeed (the card is gone, blocked
 * or refused for good); a soft decline (insufficient funds, a generic decline) may pass later.
 */
export const HARD_DECLINE_CODES: ReadonlySet<string> = new Set([
  'stolen_card',
  'lost_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'card_not_supported',
  'expired_card',
  'incorrect_number',
  'invalid_account',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'stop_payment_order',
  'security_violation',
]);

export const NO_CARD_CODE = 'no_payment_method';

export type DeclineReason = 'declined' | 'hard-decline' | 'no-card';

export function declineReason(code: string): DeclineReason {
  if (code === NO_CARD_CODE) return 'no-card';
  return HARD_DECLINE_CODES.has(code) ? 'hard-decline' : 'declined';
}

/** The date of the last scheduled try: recovery ends once it has passed. */
export function lastTryAt(settings: DunningSettings, firstFailedAt: Date): Date {
  return addCalendarSteps(firstFailedAt, 'day', settings.retryDays.at(-1)!);
}

/**
 * When the cycle is tried after its `attempt`-th try failed: retry day `attempt` of the schedule
 * after the first decline, or a day from now when that date is already past (the shop was down,
 * or the try was asked for early). Null when the tries have run out or the decline is hard.
 */
export function nextRetryAt(
  settings: DunningSettings,
  input: { attempt: number; firstFailedAt: Date; hardDecline: boolean; now: Date },
): Date | null {
  if (input.hardDecline) return null;
  const days = settings.retryDays[input.attempt - 1];
  if (days === undefined) return null;
  const scheduled = addCalendarSteps(input.firstFailedAt, 'day', days);
  return scheduled.getTime() > input.now.getTime()
    ? scheduled
    : addCalendarSteps(input.now, 'day', 1);
}
