// What a partner's own words promise about money: free shipping, or an amount in dollars. The API
// checks each promise against the rules that price the cart before it saves a partner's page, so
// a storefront never says what its checkout then charges otherwise.

export type PartnerPromise =
  | { path: string; text: string; kind: 'free-shipping' }
  | { path: string; text: string; kind: 'amount'; cents: number };

const FREE_SHIPPING =
  /\b(?:free\s+(?:shipping|delivery|postage)|ships?\s+(?:for\s+)?free|shipping\s+is\s+free)\b/i;
const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?/g;

function promisesOf(path: string, text: string): PartnerPromise[] {
  const found: PartnerPromise[] = [];
  if (FREE_SHIPPING.test(text)) found.push({ path, text, kind: 'free-shipping' });
  for (const match of text.matchAll(AMOUNT)) {
    const dollars = Number(match[1]!.replace(/,/g, ''));
    found.push({ path, text, kind: 'amount', cents: dollars * 100 + Number(match[2] ?? 0) });
  }
  return found;
}

/** Every promise in the strings of `value` (any depth), each with the field's dotted path. */
export function partnerPromises(value: unknown, path = ''): PartnerPromise[] {
  if (typeof value === 'string') return promisesOf(path, value);
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      partnerPromises(item, path ? `${path}.${index}` : `${index}`),
    );
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      partnerPromises(item, path ? `${path}.${key}` : key),
    );
  return [];
}
