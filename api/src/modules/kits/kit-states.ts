// Which state may follow which. A kit is activated by the customer before or after the carrier
// reports it delivered (fulfilment may not track every kit); a lab can receive a sample the carrier
// never scanned; a corrected result is `resulted` again; a rejected or released kit is done.
import type { KitState } from '@shop/shared/contract/kits';

const NEXT: Record<KitState, readonly KitState[]> = {
  created: ['shipped', 'activated'],
  shipped: ['delivered', 'activated'],
  delivered: ['activated'],
  activated: ['sample_sent', 'received', 'rejected'],
  sample_sent: ['received', 'rejected'],
  received: ['resulted', 'rejected'],
  resulted: ['resulted', 'released'],
  released: [],
  rejected: [],
};

export function canMove(from: KitState, to: KitState): boolean {
  return NEXT[from].includes(to);
}

/** States in which the kit can still be activated. */
export const ACTIVATABLE: readonly KitState[] = ['created', 'shipped', 'delivered'];
