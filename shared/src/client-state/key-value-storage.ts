/** The part of the Web Storage API the helpers need; localStorage and sessionStorage both fit. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

// Storage can throw (Safari private mode, a full quota, storage disabled by policy).
// Losing a remembered value is better than breaking the page, so failures read as "nothing stored".

export function readStoredItem(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns whether the value was stored. */
export function writeStoredItem(storage: KeyValueStorage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
