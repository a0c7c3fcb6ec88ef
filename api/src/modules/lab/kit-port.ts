// The lab's only way into the kits domain: its public entry. Kept in one file so the lab's
// needs of a kit (its id, code, state and who activated it) are plain to see.
import { formatKitCode } from '@shop/shared/kits/kit-code';
import { findKitByCode, recordKitTransition } from '../kits';
import type { KitRow } from '../kits';

export type LabKit = Pick<KitRow, 'id' | 'code' | 'state' | 'activated_by'>;

export { findKitByCode, formatKitCode, recordKitTransition };
