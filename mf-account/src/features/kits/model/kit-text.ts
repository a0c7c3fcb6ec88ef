// The words the account uses for a kit's states, its timeline and what to do next.
import type { KitEventSource, KitNextStep, KitState } from '@shop/shared/contract/kits';

export const KIT_STATE_TEXT: Record<KitState, string> = {
  created: 'Being prepared',
  shipped: 'On its way to you',
  delivered: 'Delivered',
  activated: 'Activated',
  sample_sent: 'Sample on its way to the lab',
  received: 'Received by the lab',
  resulted: 'Results being checked',
  released: 'Results ready',
  rejected: 'Sample could not be tested',
};

export const KIT_EVENT_TEXT: Record<KitState, string> = {
  created: 'Kit ordered',
  shipped: 'Shipped',
  delivered: 'Delivered',
  activated: 'Activated',
  sample_sent: 'Sample sent back',
  received: 'Received by the lab',
  resulted: 'Results from the lab',
  released: 'Results ready',
  rejected: 'Sample rejected',
};

export const KIT_SOURCE_TEXT: Record<KitEventSource, string> = {
  system: 'the shop',
  operator: 'our team',
  carrier: 'the carrier',
  lab: 'the lab',
  customer: 'you',
};

export const NEXT_STEP_TEXT: Record<NonNullable<KitNextStep>, string> = {
  wait_for_delivery: 'Your kit is on its way.',
  activate: 'Activate your kit before you take the sample.',
  send_sample: 'Take your sample and send it back with the prepaid return label.',
  wait: 'Nothing to do: we will tell you when your results are ready.',
  view_results: 'Your results are ready.',
};

/** "Dec 7, 2026, 10:30": an event's moment, in the reader's own zone. */
export function formatEventTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

export const KITS_PATH = '/account/kits';
export const ACTIVATE_PATH = '/activate';

/** /activate with the code filled in (as the kit's QR code opens it). */
export const activatePath = (code: string) => `${ACTIVATE_PATH}?kit=${encodeURIComponent(code)}`;
