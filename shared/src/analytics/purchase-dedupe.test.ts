import type { KeyValueStorage } from '../client-state/key-value-storage';
import { markPurchaseSent, purchaseAlreadySent, purchaseSentKey } from './purchase-dedupe';

beforeEach(() => localStorage.clear());

describe('purchase de-duplication', () => {
  it('is not sent before it is marked', () => {
    expect(purchaseAlreadySent('ord_1', localStorage)).toBe(false);
  });

  it('is sent after it is marked, as a reload would see it', () => {
    markPurchaseSent('ord_1', localStorage);
    expect(purchaseAlreadySent('ord_1', localStorage)).toBe(true);
    expect(localStorage.getItem(purchaseSentKey('ord_1'))).not.toBeNull();
  });

  it('keeps orders apart', () => {
    markPurchaseSent('ord_1', localStorage);
    expect(purchaseAlreadySent('ord_2', localStorage)).toBe(false);
  });

  it('ignores surrounding whitespace in the id', () => {
    markPurchaseSent(' ord_1 ', localStorage);
    expect(purchaseAlreadySent('ord_1', localStorage)).toBe(true);
  });

  it('never treats an empty id as sent and stores nothing for it', () => {
    markPurchaseSent('', localStorage);
    markPurchaseSent('   ', localStorage);
    expect(purchaseAlreadySent('', localStorage)).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('works with any Storage-like object', () => {
    const values = new Map<string, string>();
    const storage: KeyValueStorage = {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
    };
    markPurchaseSent('ord_9', storage);
    expect(purchaseAlreadySent('ord_9', storage)).toBe(true);
  });

  it('reports not sent when storage is unavailable, and marking does not throw', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => markPurchaseSent('ord_1', broken)).not.toThrow();
    expect(purchaseAlreadySent('ord_1', broken)).toBe(false);
  });
});
