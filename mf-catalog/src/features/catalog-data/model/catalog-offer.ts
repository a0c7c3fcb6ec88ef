import { mergeOffers, type MergedOffer } from '@shop/shared/catalog/merge-offer';
import type { Offer, Price } from '@shop/shared/contract/catalog';

/** An offer merged with its price, keeping the catalog copy (description, biomarkers, badge). */
export type CatalogOffer = MergedOffer & Pick<Offer, 'description' | 'biomarkers' | 'badge'>;

export function mergeCatalog(offers: readonly Offer[], prices: readonly Price[]): CatalogOffer[] {
  const copyByKey = new Map(offers.map((offer) => [offer.key, offer]));
  return mergeOffers(offers, prices).map((merged) => {
    const copy = copyByKey.get(merged.key);
    return {
      ...merged,
      description: copy?.description ?? '',
      biomarkers: copy?.biomarkers ?? [],
      badge: copy?.badge ?? null,
    };
  });
}

export function findOffer(
  offers: readonly CatalogOffer[] | undefined,
  key: string | null | undefined,
): CatalogOffer | undefined {
  return key ? offers?.find((offer) => offer.key === key) : undefined;
}
