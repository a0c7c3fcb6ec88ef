// Prices travel as integer cents; this is the one place they become display text.

const formatters = new Map<string, { whole: Intl.NumberFormat; fractional: Intl.NumberFormat }>();

function formattersFor(currency: string) {
  const code = currency.trim().toUpperCase();
  let pair = formatters.get(code);
  if (!pair) {
    // en-US marks non-US dollars with their prefix, so CAD shows as "CA$12.50". The shop
    // sells to the US and Canada side by side; a bare "$" would let a shopper mistake one for the other.
    const base = { style: 'currency', currency: code } as const;
    pair = {
      whole: new Intl.NumberFormat('en-US', {
        ...base,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
      fractional: new Intl.NumberFormat('en-US', {
        ...base,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    };
    formatters.set(code, pair);
  }
  return pair;
}

/**
 * Shows an amount in cents as dollars: 9900 -> "$99", 9950 -> "$99.50", -250 -> "-$2.50".
 * Two decimals unless the amount is whole. Throws on a non-integer amount,
 * because a fractional cent means a caller did money maths in floats.
 */
export function formatMoney(cents: number, currency = 'usd'): string {
  if (!Number.isInteger(cents)) {
    throw new RangeError(`formatMoney expects integer cents, got ${cents}`);
  }
  // -0 would otherwise print as "-$0".
  const amount = cents === 0 ? 0 : cents;
  const { whole, fractional } = formattersFor(currency);
  return (amount % 100 === 0 ? whole : fractional).format(amount / 100);
}

/** What the warm-up worker runs: one currency format, then it ends. */
export const MONEY_WARM_UP_SOURCE = `new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1); postMessage('warm'); close();`;

/**
 * The first Intl.NumberFormat of a page loads the browser's number-formatting data, which costs
 * tens of milliseconds on a phone, and it would fall inside the first render of a price. That data
 * is cached for the whole renderer process, so a worker that formats one amount early pays the cost
 * off the main thread. Without Worker (tests, old browsers) this does nothing; at worst the first
 * price pays the cost as before.
 */
export function warmUpMoneyFormatting(
  scope: Pick<typeof globalThis, 'Worker' | 'Blob' | 'URL'> = globalThis,
): void {
  if (typeof scope.Worker !== 'function' || typeof scope.Blob !== 'function') return;
  try {
    const url = scope.URL.createObjectURL(
      new scope.Blob([MONEY_WARM_UP_SOURCE], { type: 'text/javascript' }),
    );
    const worker = new scope.Worker(url);
    const release = () => scope.URL.revokeObjectURL(url);
    worker.addEventListener('message', release, { once: true });
    worker.addEventListener('error', release, { once: true });
  } catch {
    // A Content-Security-Policy without blob: workers refuses it; the first price pays the cost instead.
  }
}
