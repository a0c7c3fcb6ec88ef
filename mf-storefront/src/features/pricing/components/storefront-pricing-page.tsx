import { Navigate, NavLink, useLocation } from 'react-router';
import { OfferCard } from '../../offers/components/offer-card';
import { OffersState } from '../../offers/components/offers-state';
import {
  missingVariantNotice,
  offersForVariant,
  offersShown,
  pricingLanding,
  pricingSections,
  pricingTabs,
  pricingVariant,
  PRICING_VARIANT_IDS,
  type PricingModeView,
  type PricingVariantId,
} from '../../offers/model/pricing-variants';
import type { StorefrontOffer } from '../../offers/model/storefront-offers';
import { useStorefrontOffers } from '../../offers/hooks/use-storefront-offers';
import { StorefrontPage } from '../../partner/components/storefront-styles';
import { usePartner } from '../../partner/hooks/use-partner';

function OfferGrid({ offers }: { offers: readonly StorefrontOffer[] }) {
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
  const sections = pricingSections(offers);
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
          <OfferGrid offers={variantOffers} />
        </section>
      ))}
    </>
  );
}

/** The heading and lead of a page showing `view`. */
function pageText(view: PricingModeView, businessName: string): { heading: string; lead: string } {
  if (view.kind === 'table')
    return {
      heading: `${businessName} tests and pricing`,
      lead: `Every test and plan ${businessName} offers, with its price.`,
    };
  if (view.kind === 'single-product')
    return {
      heading: `The ${businessName} test`,
      lead: `The test ${businessName} recommends, with its price.`,
    };
  const variant = pricingVariant(view.id);
  return { heading: variant.heading, lead: variant.lead };
}

/** The variant a shopper was sent away from (see the redirect below), if any. */
function useMissingVariant(): PricingVariantId | null {
  const state = useLocation().state as { missingVariant?: unknown } | null;
  const missing = state?.missingVariant;
  return (PRICING_VARIANT_IDS as readonly unknown[]).includes(missing)
    ? (missing as PricingVariantId)
    : null;
}

function PricingContent({
  offers,
  variant,
}: {
  offers: readonly StorefrontOffer[];
  variant: PricingVariantId | null;
}) {
  const partner = usePartner();
  const missing = useMissingVariant();
  const landing = pricingLanding(partner.customization.pricingMode, offers);
  const mode = partner.customization.pricingMode;
  // The mode's own variant lives at /pricing; a variant with nothing in it is no page of its own.
  if (variant && (offersForVariant(offers, variant).length === 0 || mode === variant)) {
    const state = mode === variant ? null : { missingVariant: variant };
    return <Navigate to="/pricing" replace state={state} />;
  }
  const view: PricingModeView = variant ? { kind: 'variant', id: variant } : landing;
  const { heading, lead } = pageText(view, partner.businessName);
  return (
    <>
      <h1>{heading}</h1>
      <p className="sf-lead">{lead}</p>
      {!variant && missing && (
        <p className="sf-notice" role="status">
          {missingVariantNotice(partner.businessName, missing, landing)}
        </p>
      )}
      <nav aria-label="Plan types">
        <ul className="sf-tabs">
          {pricingTabs(landing, offers).map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {view.kind === 'table' ? (
        <PricingTable offers={offers} businessName={partner.businessName} />
      ) : (
        <section className="sf-variant" aria-label={heading}>
          <OfferGrid offers={offersShown(offers, view)} />
        </section>
      )}
    </>
  );
}

/**
 * /pricing (variant null: what the partner's pricingMode chooses) and the /pricing/<variant> pages.
 * The tabs list only what the partner sells, and a variant page it has nothing for sends the shopper
 * to /pricing with a notice instead of showing an empty page.
 */
export function StorefrontPricingPage({ variant }: { variant: PricingVariantId | null }) {
  const state = useStorefrontOffers();
  return (
    <StorefrontPage>
      <OffersState state={state}>
        {(offers) => <PricingContent offers={offers} variant={variant} />}
      </OffersState>
    </StorefrontPage>
  );
}
