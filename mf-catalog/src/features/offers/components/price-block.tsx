import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { priceText } from '../model/price-text';

/** The big price, its period and how it is billed (with the kit count for multi-kit programs). */
export function PriceBlock({ offer, live = false }: { offer: CatalogOffer; live?: boolean }) {
  const price = priceText(offer);
  return (
    <>
      <p className="cat-price" aria-live={live ? 'polite' : undefined}>
        <span className="cat-price-amount">{price.amount}</span>
        <span className="cat-price-period">{price.period}</span>
      </p>
      <p className="cat-price-note">
        {price.billing}
        {offer.quantity > 1 && ` · ${offer.quantity} kits`}
      </p>
    </>
  );
}
