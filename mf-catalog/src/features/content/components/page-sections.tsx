import type { PageSection } from '@shop/shared/contract/catalog-content';
import { Suspense, type ReactNode } from 'react';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { AddOnRow, OfferCard } from '../../offers/components/offer-card';
import { CtaLink } from '../../shared/components/cta-link';
import { themedPage } from '../../shared/components/themed-page';
import { WhenNearViewport } from '../../shared/components/when-near-viewport';

// The forms carry antd's form stack and the validation schemas; they load only where a page has
// one, and only once it is scrolled near.
const WaitlistForm = themedPage(
  () => import(/* webpackChunkName: "waitlist-form" */ '../../forms/components/waitlist-form'),
  'WaitlistForm',
);
const ReferralForm = themedPage(
  () => import(/* webpackChunkName: "referral-form" */ '../../forms/components/referral-form'),
  'ReferralForm',
);
// About the height of a two-field form with its button, so the page does not move when it arrives.
const FORM_HEIGHT = 260;

type SectionOf<K extends PageSection['kind']> = Extract<PageSection, { kind: K }>;

function SectionHead({ id, title, intro }: { id: string; title: string; intro?: string | null }) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      {intro && <p className="cat-section-intro">{intro}</p>}
    </>
  );
}

function TilesSection({
  section,
  id,
}: {
  section: SectionOf<'points'> | SectionOf<'steps'>;
  id: string;
}) {
  const List = section.kind === 'steps' ? 'ol' : 'ul';
  return (
    <>
      <SectionHead id={id} title={section.title} intro={section.intro} />
      <List
        className={`cat-grid cat-grid--${section.items.length >= 4 ? 4 : 3}${section.kind === 'steps' ? ' cat-steps' : ''}`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {section.items.map((item) => (
          <li key={item.title} className="cat-tile">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </List>
    </>
  );
}

function GuideSection({ section, id }: { section: SectionOf<'guide'>; id: string }) {
  return (
    <>
      <SectionHead id={id} title={section.title} intro={section.intro} />
      <nav aria-label="Patient portals">
        <ul className="cat-guide-nav">
          {section.portals.map((portal) => (
            <li key={portal.id}>
              <a href={`#portal-${portal.id}`}>{portal.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="cat-grid">
        {section.portals.map((portal) => (
          <section
            key={portal.id}
            id={`portal-${portal.id}`}
            className="cat-tile cat-portal"
            aria-labelledby={`portal-${portal.id}-title`}
          >
            <h3 id={`portal-${portal.id}-title`}>{portal.name}</h3>
            <ol>
              {portal.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {portal.tip && <p className="cat-tip">Tip: {portal.tip}</p>}
          </section>
        ))}
      </div>
    </>
  );
}

function OffersSection({
  section,
  id,
  offers,
}: {
  section: SectionOf<'offers'>;
  id: string;
  offers: readonly CatalogOffer[];
}) {
  const shown = section.offerKeys.flatMap((key) => offers.filter((offer) => offer.key === key));
  if (shown.length === 0) return null;
  const allAddOns = shown.every((offer) => offer.type === 'add-on');
  if (shown.length === 1 && !allAddOns) {
    // One plan: its story and every marker beside the card, rather than a lone card in a wide row.
    const [offer] = shown as [CatalogOffer];
    return (
      <div className="cat-feature">
        <div>
          <SectionHead id={id} title={section.title} intro={section.intro ?? offer.description} />
          {offer.biomarkers.length > 0 && (
            <ul className="cat-markers" aria-label={`Everything ${offer.title} measures`}>
              {offer.biomarkers.map((marker) => (
                <li key={marker}>{marker}</li>
              ))}
            </ul>
          )}
        </div>
        <OfferCard offer={offer} featured />
      </div>
    );
  }
  return (
    <>
      <SectionHead id={id} title={section.title} intro={section.intro} />
      {allAddOns ? (
        <div className="cat-addons">
          {shown.map((offer) => (
            <AddOnRow key={offer.key} offer={offer} />
          ))}
        </div>
      ) : (
        <div className="cat-offers">
          {shown.map((offer) => (
            <OfferCard key={offer.key} offer={offer} />
          ))}
        </div>
      )}
    </>
  );
}

function FormSection({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="cat-two-col">
      <div>
        <SectionHead id={id} title={title} intro={text} />
      </div>
      <WhenNearViewport minHeight={FORM_HEIGHT}>
        <Suspense
          fallback={
            <div
              className="cat-block-skeleton"
              style={{ minHeight: FORM_HEIGHT }}
              aria-hidden="true"
            />
          }
        >
          {children}
        </Suspense>
      </WhenNearViewport>
    </div>
  );
}

function SectionBody({
  section,
  id,
  offers,
}: {
  section: PageSection;
  id: string;
  offers: readonly CatalogOffer[];
}) {
  switch (section.kind) {
    case 'points':
    case 'steps':
      return <TilesSection section={section} id={id} />;
    case 'markers':
      return (
        <>
          <SectionHead id={id} title={section.title} intro={section.intro} />
          <dl className="cat-grid cat-grid--4" style={{ margin: 0 }}>
            {section.items.map((item) => (
              <div key={item.name} className="cat-tile">
                <dt style={{ fontWeight: 700, fontSize: '1.1rem', marginBottom: 6 }}>
                  {item.name}
                </dt>
                <dd style={{ margin: 0, color: 'var(--cat-muted)' }}>{item.text}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    case 'guide':
      return <GuideSection section={section} id={id} />;
    case 'offers':
      return <OffersSection section={section} id={id} offers={offers} />;
    case 'faq':
      return (
        <>
          <SectionHead id={id} title={section.title} />
          <dl className="cat-faq">
            {section.items.map((item) => (
              <div key={item.question}>
                <dt>{item.question}</dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    case 'waitlist':
      return (
        <FormSection id={id} title={section.title} text={section.text}>
          <WaitlistForm section={section} labelledBy={id} />
        </FormSection>
      );
    case 'referral':
      return (
        <FormSection id={id} title={section.title} text={section.text}>
          <ReferralForm section={section} labelledBy={id} />
        </FormSection>
      );
    case 'cta':
      return (
        <div className="cat-band">
          <div>
            <h2 id={id}>{section.title}</h2>
            <p>{section.text}</p>
          </div>
          <CtaLink to={section.cta.href}>{section.cta.label}</CtaLink>
        </div>
      );
  }
}

/** A content page's sections, in the order the seeded copy lists them. */
export function PageSections({
  sections,
  offers,
  idPrefix,
}: {
  sections: readonly PageSection[];
  offers: readonly CatalogOffer[];
  idPrefix: string;
}) {
  return (
    <>
      {sections.map((section, index) => {
        const id = `${idPrefix}-section-${index}`;
        return (
          <section
            key={id}
            className="cat-section"
            aria-labelledby={id}
            data-section={section.kind}
          >
            <div className="cat-wrap">
              <SectionBody section={section} id={id} offers={offers} />
            </div>
          </section>
        );
      })}
    </>
  );
}
