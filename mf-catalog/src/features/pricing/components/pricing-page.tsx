import { useSearchParams } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import {
  DEFAULT_PRICING_CHOICE,
  isPricingChoiceId,
  offersForChoice,
  PRICING_CHOICES,
  savingPercent,
  type PricingChoiceId,
} from '../../catalog-data/model/pricing-intervals';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { PageHead } from '../../content/components/page-head';
import { PageSections } from '../../content/components/page-sections';
import { useCatalogPage } from '../../content/hooks/use-catalog-page';
import { OfferCard } from '../../offers/components/offer-card';
import { CatalogPageFrame } from '../../shared/components/page-states';

const oneTimePrice = (offers: readonly CatalogOffer[]) =>
  offersForChoice(offers, 'one-time').find((offer) => offer.type === 'kit')?.unitAmount ?? 0;

function bestSaving(offers: readonly CatalogOffer[]): number | null {
  const base = oneTimePrice(offers);
  const savings = offers
    .map((offer) => savingPercent(base, offer))
    .filter((value): value is number => value !== null);
  return savings.length > 0 ? Math.max(...savings) : null;
}

/** The pricing table: one switch for one-time, monthly, quarterly and annual, kept in the URL (?interval=). */
export function PricingPage() {
  const { preloadArea } = useShell();
  const { page, offers, failed, retry } = useCatalogPage('pricing');
  const [params, setParams] = useSearchParams();
  const requested = params.get('interval');
  const choice: PricingChoiceId = isPricingChoiceId(requested) ? requested : DEFAULT_PRICING_CHOICE;
  const choose = (next: PricingChoiceId) => {
    const updated = new URLSearchParams(params);
    updated.set('interval', next);
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  return (
    <CatalogPageFrame failed={failed} retry={retry} ready={Boolean(page && offers)} what="pricing">
      {() => {
        const all = offers!;
        const shown = offersForChoice(all, choice);
        const base = oneTimePrice(all);
        const topSaving = bestSaving(all);
        return (
          <>
            <PageHead page={page!}>
              <div className="cat-switch">
                <span className="cat-switch-label" id="pricing-billing-label">
                  How often do you want to test?
                </span>
                {/* Native radios: arrow keys, one tab stop and radio semantics come with the platform. */}
                <div
                  role="radiogroup"
                  aria-labelledby="pricing-billing-label"
                  className="cat-segmented"
                >
                  {PRICING_CHOICES.map(({ id, label }) => (
                    <label key={id}>
                      <input
                        type="radio"
                        name="pricing-billing"
                        value={id}
                        checked={choice === id}
                        onChange={() => choose(id)}
                      />
                      {label}
                    </label>
                  ))}
                </div>
                {topSaving !== null && (
                  <p className="cat-switch-hint">
                    Plans save up to {topSaving}% per kit against a one-time kit.
                  </p>
                )}
              </div>
            </PageHead>
            <section className="cat-section" aria-labelledby="pricing-plans-title">
              <div className="cat-wrap">
                <h2 id="pricing-plans-title" className="cat-sr-only">
                  {PRICING_CHOICES.find((candidate) => candidate.id === choice)!.label} pricing
                </h2>
                {/* Warm up the checkout area while the visitor compares plans. */}
                <div
                  className="cat-offers"
                  data-interval={choice}
                  onPointerEnter={() => preloadArea?.('checkout')}
                >
                  {shown.map((offer, index) => (
                    <OfferCard
                      key={offer.key}
                      offer={offer}
                      saving={savingPercent(base, offer)}
                      featured={index === 0}
                    />
                  ))}
                </div>
              </div>
            </section>
            <PageSections sections={page!.sections} offers={all} idPrefix="pricing" />
          </>
        );
      }}
    </CatalogPageFrame>
  );
}
