import { NavLink } from 'react-router';
import { OfferCard } from '../../offers/offer-card';
import { OffersState } from '../../offers/offers-state';
import {
  offersForVariant,
  pricingModeView,
  pricingVariant,
  PRICING_VARIANTS,
  type PricingVariantId,
} from '../../offers/pricing-variants';
import type { StorefrontOffer } from '../../offers/storefront-offers';
import { useStorefrontOffers } from '../../offers/use-storefront-offers';
import { StorefrontPage } from '../../partner/storefront-styles';
import { usePartner } from '../../partner/use-partner';

function OfferGrid({ offers, empty }: { offers: readonly StorefrontOffer[]; empty: string }) {
  if (offers.length === 0) return <p className="sf-empty">{empty}</p>;
  return (
    <div className="sf-offers">
      {offers.map((offer) => (
        <OfferCard key={offer.key} offer={offer} />
      ))}
    </div>
  );
}

/** Every variant that has offers, one section each (pricingMode 'pricing-table'). */
function PricingTable({
  offers,
  businessName,
}: {
  offers: readonly StorefrontOffer[];
  businessName: string;
}) {
  const sections = PRICING_VARIANTS.map((variant) => ({
    variant,
    offers: offersForVariant(offers, variant.id),
  })).filter((section) => section.offers.length > 0);
  if (sections.length === 0)
    return <p className="sf-empty">{businessName} has no tests for sale right now.</p>;
  return (
    <>
      {sections.map(({ variant, offers: variantOffers }) => (
        <section
          key={variant.id}
          className="sf-variant"
          aria-labelledby={`sf-variant-${variant.id}`}
        >
          <h2 id={`sf-variant-${variant.id}`}>{variant.heading}</h2>
          <OfferGrid offers={variantOffers} empty="" />
        </section>
      ))}
    </>
  );
}

/** /pricing (variant null: by the partner's pricingMode) and the five /pricing/<variant> pages. */
export function StorefrontPricingPage({ variant }: { variant: PricingVariantId | null }) {
  const partner = usePartner();
  const state = useStorefrontOffers();
  const view = variant
    ? ({ kind: 'variant', id: variant } as const)
    : pricingModeView(partner.customization.pricingMode);
  const current = variant ? pricingVariant(variant) : null;

  return (
    <StorefrontPage>
      <h1>{current ? current.heading : `${partner.businessName} tests and pricing`}</h1>
      <p className="sf-lead">
        {current
          ? current.lead
          : `Every test and plan ${partner.businessName} offers, with its price.`}
      </p>
      <nav aria-label="Plan types">
        <ul className="sf-tabs">
          <li>
            <NavLink to="/pricing" end>
              All plans
            </NavLink>
          </li>
          {PRICING_VARIANTS.map((item) => (
            <li key={item.id}>
              <NavLink to={`/${item.path}`} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <OffersState state={state}>
        {(offers) => {
          if (view.kind === 'table')
            return <PricingTable offers={offers} businessName={partner.businessName} />;
          if (view.kind === 'single-product')
            return (
              <OfferGrid
                offers={offers.slice(0, 1)}
                empty={`${partner.businessName} has no tests for sale right now.`}
              />
            );
          const shown = pricingVariant(view.id);
          return (
            <section className="sf-variant" aria-label={shown.heading}>
              <OfferGrid
                offers={offersForVariant(offers, view.id)}
                empty={`${partner.businessName} offers no ${shown.label.toLowerCase()} options. See all plans above.`}
              />
            </section>
          );
        }}
      </OffersState>
    </StorefrontPage>
  );
}
