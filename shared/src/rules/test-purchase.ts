/** Orders under $30 are staff test purchases: logged as errors, never reported as conversions. */
export const TEST_PURCHASE_THRESHOLD_CENTS = 3000;

export function isTestPurchase(totalCents: number): boolean {
  return totalCents < TEST_PURCHASE_THRESHOLD_CENTS;
}
