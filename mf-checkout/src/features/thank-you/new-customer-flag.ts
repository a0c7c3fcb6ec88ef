// Whether the shopper was a new customer is known before the order is paid (afterwards the
// API counts this very order). The checkout keeps the answer per order for the thank-you page.
import { readStoredItem, writeStoredItem } from '@shop/shared/client-state/key-value-storage';

const key = (orderId: string) => `new-customer:${orderId}`;

export function rememberNewCustomer(
  orderId: string,
  newCustomer: boolean | null,
  storage: Storage = window.sessionStorage,
): void {
  if (newCustomer !== null) writeStoredItem(storage, key(orderId), String(newCustomer));
}

export function recalledNewCustomer(
  orderId: string,
  storage: Storage = window.sessionStorage,
): boolean | null {
  const stored = readStoredItem(storage, key(orderId));
  return stored === 'true' ? true : stored === 'false' ? false : null;
}
