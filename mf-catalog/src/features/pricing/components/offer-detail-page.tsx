import { useState } from 'react';
import type { ContentPageKey } from '@shop/shared/contract/catalog-content';
import { useViewItem } from '../../analytics/hooks/use-view-item';
import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import { findOffer, type CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { PageHead } from '../../content/components/page-head';
import { PageSections } from '../../content/components/page-sections';
import { useCatalogPage } from '../../content/hooks/use-catalog-page';
import { PriceBlock } from '../../offers/components/price-block';
import { priceText } from '../../offers/model/price-text';
import { CatalogPageFrame } from '../../shared/components/page-states';
import { purchaseOptions } from '../model/purchase-options';

function BuyBox({ options, title }: { options: readonly CatalogOffer[]; title: string }) {
  const [selectedKey, setSelectedKey] = useState(options[0]!.key);
  const selected = findOffer(options, selectedKey) ?? options[0]!;
  useViewItem(selected);
  return (
    <aside className="cat-buybox" aria-labelledby="buybox-title">
      <h2 id="buybox-title" style={{ fontSize: '1.3rem', margin: '0 0 14px' }}>
        {options.length > 1 ? 'Choose how to buy' : title}
      </h2>
      {options.length > 1 && (
        <fieldset className="cat-options" style={{ border: 0, padding: 0 }}>
          <legend className="cat-sr-only">Purchase options</legend>
          {options.map((option) => {
            const text = priceText(option);
            return (
              <label key={option.key} className="cat-option">
                <span style={{ display: 'flex', alignItems: 'center' }}>
                  <input
                    type="radio"
                    name="purchase-option"
                    value={option.key}
                    checked={option.key === selected.key}
                    onChange={() => setSelectedKey(option.key)}
                  />
                  <span>
                    <span className="cat-option-name">
                      {option.priceRecurringInterval ? option.title : 'One-time purchase'}
                    </span>
                    <span className="cat-option-sub">{text.billing}</span>
                  </span>
                </span>
                <span className="cat-option-price">
                  {text.amount}{' '}
                  <span className="cat-option-sub" style={{ display: 'inline' }}>
                    {text.period}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <PriceBlock offer={selected} live />
      <div className="cat-offer-foot">
        <AddToCartButton offer={selected} block />
      </div>
    </aside>
  );
}

/** A page that sells one product (/products) or one program (/pricing/heart-and-metabolic-program). */
export function OfferDetailPage({ pageKey }: { pageKey: ContentPageKey }) {
  const { page, offers, failed, retry } = useCatalogPage(pageKey);
  return (
    <CatalogPageFrame failed={failed} retry={retry} ready={Boolean(page && offers)}>
      {() => {
        const main = findOffer(offers, page!.offerKey);
        const options = main ? purchaseOptions(offers!, main) : [];
        return (
          <>
            <PageHead page={page!} />
            <section className="cat-section" aria-labelledby={`${pageKey}-detail-title`}>
              <div className="cat-wrap cat-detail">
                <div>
                  <h2 id={`${pageKey}-detail-title`}>
                    {main ? `What ${main.title} measures` : 'Not available right now'}
                  </h2>
                  {main?.description && <p className="cat-section-intro">{main.description}</p>}
                  {main && (
                    <ul className="cat-markers" aria-label={`Biomarkers in ${main.title}`}>
                      {main.biomarkers.map((marker) => (
                        <li key={marker}>{marker}</li>
                      ))}
                    </ul>
                  )}
                </div>
                {options.length > 0 && <BuyBox options={options} title={main!.title} />}
              </div>
            </section>
            <PageSections sections={page!.sections} offers={offers!} idPrefix={pageKey} />
          </>
        );
      }}
    </CatalogPageFrame>
  );
}
