// `purchase` must reach analytics once per order, even when the thank-you page is reloaded
// or reopened, so each sent transaction id is remembered in localStorage.
import {
  readStoredItem,
  writeStoredItem,
  type KeyValueStorage,
} from '../client-state/key-value-storage';

const PURCHASE_SENT_PREFIX = 'purchase-sent:';

export function purchaseSentKey(transactionId: string): string {
  return `${PURCHASE_SENT_PREFIX}${transactionId}`;
}

/** True once `markPurchaseSent` ran for this id. An empty id is never "sent": there is nothing to key on. */
export function purchaseAlreadySent(transactionId: string, storage: KeyValueStorage): boolean {
  const id = transactionId.trim();
  return id !== '' && readStoredItem(storage, purchaseSentKey(id)) !== null;
}

export function markPurchaseSent(transactionId: string, storage: KeyValueStorage): void {
  const id = transactionId.trim();
  if (id === '') return;
  writeStoredItem(storage, purchaseSentKey(id), new Date().toISOString());
}
