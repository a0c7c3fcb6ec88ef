import { intervalLabel } from '../catalog/recurring-interval';
import type { DerivedInterval } from '../contract/catalog';

/** "Billed quarterly" / "Billed every 6 months" / "One-time purchase", from the catalog's interval rules. */
export function billingLabel(interval: DerivedInterval | null | undefined): string {
  return interval ? `Billed ${intervalLabel(interval)}` : 'One-time purchase';
}
