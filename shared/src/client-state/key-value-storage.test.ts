import { readStoredItem, writeStoredItem, type KeyValueStorage } from './key-value-storage';

const broken: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

describe('key-value storage helpers', () => {
  beforeEach(() => localStorage.clear());

  it('reads and writes through the storage', () => {
    expect(readStoredItem(localStorage, 'k')).toBeNull();
    expect(writeStoredItem(localStorage, 'k', 'v')).toBe(true);
    expect(readStoredItem(localStorage, 'k')).toBe('v');
    expect(localStorage.getItem('k')).toBe('v');
  });

  it('treats a storage that throws as empty and not writable', () => {
    expect(readStoredItem(broken, 'k')).toBeNull();
    expect(writeStoredItem(broken, 'k', 'v')).toBe(false);
  });
});
