import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { PriceBlock } from './price-block';
import { priceText } from '../model/price-text';

const VISIBLE_MARKERS = 8;

export interface OfferCardProps {
  offer: CatalogOffer;
  /** Whole percent saved per kit against the one-time price. */
  saving?: number | null;
  featured?: boolean;
  headingLevel?: 2 | 3;
}

export function OfferCard({
  offer,
  saving = null,
  featured = false,
  headingLevel = 3,
}: OfferCardProps) {
  const Heading = `h${headingLevel}` as const;
  const hidden = offer.biomarkers.length - VISIBLE_MARKERS;
  return (
    <article
      className={featured ? 'cat-offer cat-offer--featured' : 'cat-offer'}
      aria-labelledby={`offer-${offer.key}`}
    >
      {offer.badge && <span className="cat-offer-badge">{offer.badge}</span>}
      <Heading id={`offer-${offer.key}`}>{offer.title}</Heading>
      {offer.description && <p className="cat-offer-desc">{offer.description}</p>}
      <PriceBlock offer={offer} />
      {saving !== null && <p className="cat-saving">Save {saving}% per kit vs one-time</p>}
      {offer.biomarkers.length > 0 && (
        <ul className="cat-markers" aria-label={`Biomarkers in ${offer.title}`}>
          {offer.biomarkers.slice(0, VISIBLE_MARKERS).map((marker) => (
            <li key={marker}>{marker}</li>
          ))}
          {hidden > 0 && <li>+{hidden} more</li>}
        </ul>
      )}
      <div className="cat-offer-foot">
        <AddToCartButton offer={offer} />
      </div>
    </article>
  );
}

/** A compact row for add-ons. */
export function AddOnRow({ offer }: { offer: CatalogOffer }) {
  const price = priceText(offer);
  return (
    <article className="cat-addon" aria-labelledby={`offer-${offer.key}`}>
      <div>
        <h3 id={`offer-${offer.key}`}>{offer.title}</h3>
        {offer.description && <p>{offer.description}</p>}
      </div>
      <div className="cat-addon-buy">
        <span className="cat-addon-price">
          {price.amount}
          <span className="cat-sr-only"> {price.period}</span>
        </span>
        <AddToCartButton offer={offer} label="Add" />
      </div>
    </article>
  );
}
