// Puts the shop's catalogue into the merchant's Stripe account: one Product per product, one
// Price per price, found by our lookup key. Prices are immutable in Stripe, so a changed amount
// or billing period is a new Price that takes the lookup key over (transfer_lookup_key) while the
// old one is archived; metadata (unlimited_upgrade) is updated in place. A second run finds
// everything as it should be and changes nothing.
import type { Offer, Price } from '@shop/shared/contract/catalog';
import type Stripe from 'stripe';
import { unsellablePriceReason } from '../../catalog/provider-prices';
import { idOf } from './stripe-mapping';
import { stripeCall, stripeFind } from './stripe-errors';

/** Metadata keys the sync owns: set from the catalogue, cleared when the catalogue drops them. */
const MANAGED_METADATA = ['unlimited_upgrade', 'partner'];
const LOOKUP_KEYS_PER_REQUEST = 10;

export type CatalogSyncAction =
  | { kind: 'product'; change: 'created' | 'updated' | 'unchanged'; key: string; stripeId: string }
  | {
      kind: 'price';
      change: 'created' | 'replaced' | 'updated' | 'unchanged';
      lookupKey: string;
      /** Null on a dry run for a price not made yet. */
      stripeId: string | null;
      /** The archived price a replacement took the lookup key from. */
      previousId?: string;
      description: string;
    }
  | { kind: 'skipped'; lookupKey: string; reason: string }
  /** Stripe holds a price under the key the shop cannot sell; the merchant must change it. */
  | { kind: 'refused'; lookupKey: string; reason: string };

/** Our product's id in Stripe: stable, so a rerun finds it without searching. */
export function stripeProductId(productKey: string): string {
  return `shop_${productKey}`;
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

function terms(price: Price): string {
  const amount = money(price.unitAmount, price.currency);
  if (!price.recurring) return `${amount} one-time`;
  const { interval, intervalCount } = price.recurring;
  return `${amount} every ${intervalCount === 1 ? interval : `${intervalCount} ${interval}s`}`;
}

function sameTerms(existing: Stripe.Price, price: Price): boolean {
  return (
    existing.unit_amount === price.unitAmount &&
    existing.currency === price.currency.toLowerCase() &&
    idOf(existing.product) === stripeProductId(price.productKey) &&
    (existing.recurring?.interval ?? null) === (price.recurring?.interval ?? null) &&
    (existing.recurring?.interval_count ?? null) === (price.recurring?.intervalCount ?? null)
  );
}

/** The metadata writes that make Stripe's match ours ('' clears a key). */
function metadataChanges(existing: Stripe.Price, price: Price): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const key of new Set([...MANAGED_METADATA, ...Object.keys(price.metadata)])) {
    const wanted = price.metadata[key] ?? '';
    if ((existing.metadata[key] ?? '') !== wanted) changes[key] = wanted;
  }
  return changes;
}

async function pricesByLookupKey(stripe: Stripe, lookupKeys: string[]) {
  const found = new Map<string, Stripe.Price>();
  for (let start = 0; start < lookupKeys.length; start += LOOKUP_KEYS_PER_REQUEST) {
    const page = await stripeCall(() =>
      stripe.prices.list({
        lookup_keys: lookupKeys.slice(start, start + LOOKUP_KEYS_PER_REQUEST),
        limit: 100,
      }),
    );
    for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

async function syncProduct(
  stripe: Stripe,
  offer: Offer,
  dryRun: boolean,
): Promise<CatalogSyncAction> {
  const id = stripeProductId(offer.key);
  const wanted = { name: offer.title, description: offer.description || undefined };
  const existing = await stripeFind(() => stripe.products.retrieve(id));
  if (!existing) {
    if (!dryRun)
      await stripeCall(() =>
        stripe.products.create(
          { id, ...wanted, metadata: { shop_product_key: offer.key } },
          { idempotencyKey: `catalog:product:${offer.key}` },
        ),
      );
    return { kind: 'product', change: 'created', key: offer.key, stripeId: id };
  }
  const current = { name: existing.name, description: existing.description ?? undefined };
  if (existing.active && current.name === wanted.name && current.description === wanted.description)
    return { kind: 'product', change: 'unchanged', key: offer.key, stripeId: id };
  if (!dryRun) await stripeCall(() => stripe.products.update(id, { ...wanted, active: true }));
  return { kind: 'product', change: 'updated', key: offer.key, stripeId: id };
}

async function createPrice(stripe: Stripe, price: Price, replacing: Stripe.Price | null) {
  // The key names what this price replaces: a rerun after a crash gets the same price back.
  const idempotencyKey = [
    'catalog:price',
    price.lookupKey,
    replacing?.id ?? 'new',
    price.unitAmount,
    price.currency,
    price.recurring ? `${price.recurring.intervalCount}${price.recurring.interval}` : 'once',
  ].join(':');
  return stripeCall(
    () =>
      stripe.prices.create(
        {
          product: stripeProductId(price.productKey),
          currency: price.currency.toLowerCase(),
          unit_amount: price.unitAmount,
          ...(price.recurring
            ? {
                recurring: {
                  interval: price.recurring.interval,
                  interval_count: price.recurring.intervalCount,
                },
              }
            : {}),
          lookup_key: price.lookupKey,
          ...(replacing ? { transfer_lookup_key: true } : {}),
          metadata: price.metadata,
        },
        { idempotencyKey },
      ),
    idempotencyKey,
  );
}

async function syncPrice(
  stripe: Stripe,
  price: Price,
  existing: Stripe.Price | undefined,
  dryRun: boolean,
): Promise<CatalogSyncAction> {
  const base = { kind: 'price' as const, lookupKey: price.lookupKey, description: terms(price) };
  if (!existing) {
    const created = dryRun ? null : await createPrice(stripe, price, null);
    return { ...base, change: 'created', stripeId: created?.id ?? null };
  }
  if (!sameTerms(existing, price)) {
    const created = dryRun ? null : await createPrice(stripe, price, existing);
    if (!dryRun && existing.active)
      await stripeCall(() => stripe.prices.update(existing.id, { active: false }));
    return { ...base, change: 'replaced', stripeId: created?.id ?? null, previousId: existing.id };
  }
  const metadata = metadataChanges(existing, price);
  if (Object.keys(metadata).length === 0 && existing.active)
    return { ...base, change: 'unchanged', stripeId: existing.id };
  if (!dryRun)
    await stripeCall(() => stripe.prices.update(existing.id, { metadata, active: true }));
  return { ...base, change: 'updated', stripeId: existing.id };
}

/**
 * An active price the merchant made under our lookup key that the shop could not sell (tiered,
 * customer-chosen or in another currency): theirs to change, never silently replaced.
 */
function unsellable(existing: Stripe.Price, price: Price): string | null {
  const reason = unsellablePriceReason(
    {
      id: existing.id,
      lookupKey: price.lookupKey,
      unitAmount: existing.unit_amount,
      currency: existing.currency,
    },
    price.currency,
  );
  return reason
    ? `${reason} Archive it or move its lookup key off it in the Stripe Dashboard, then run this again.`
    : null;
}

/** Products first (prices name them), then every price; returns what was (or would be) done. */
export async function syncStripeCatalog(
  stripe: Stripe,
  catalog: { offers: Offer[]; prices: Price[] },
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<CatalogSyncAction[]> {
  const actions: CatalogSyncAction[] = [];
  const products = new Set(catalog.offers.map((offer) => offer.key));
  for (const offer of catalog.offers) actions.push(await syncProduct(stripe, offer, dryRun));
  const existing = await pricesByLookupKey(
    stripe,
    catalog.prices.map((price) => price.lookupKey),
  );
  for (const price of catalog.prices) {
    if (!products.has(price.productKey)) {
      actions.push({
        kind: 'skipped',
        lookupKey: price.lookupKey,
        reason: `its product ${price.productKey} is not for sale`,
      });
      continue;
    }
    const current = existing.get(price.lookupKey);
    const refusal = current?.active ? unsellable(current, price) : null;
    if (refusal) {
      actions.push({ kind: 'refused', lookupKey: price.lookupKey, reason: refusal });
      continue;
    }
    actions.push(await syncPrice(stripe, price, current, dryRun));
  }
  return actions;
}
