/**
 * Whether to ask the server if an upgrade was bought. An empty id or the string 'undefined'
 * (what a missing id becomes after passing through a URL) is answered false without a call.
 */
export function shouldCheckUpgradePurchased(
  paymentId: string | null | undefined,
): paymentId is string {
  if (typeof paymentId !== 'string') return false;
  const id = paymentId.trim();
  return id !== '' && id !== 'undefined';
}
