import { CatalogStyles } from '../../shared/catalog-styles';
import { CtaLink } from '../../shared/cta-link';
import type { Landing } from '../landing-content';

export function LandingPage({ landing }: { landing: Landing }) {
  return (
    <div className="cat-page">
      <CatalogStyles />
      <section className="cat-hero" aria-labelledby="landing-title">
        <div>
          <h1 id="landing-title">{landing.title}</h1>
          <p>{landing.lead}</p>
          <div className="cat-actions">
            <CtaLink to={landing.cta.to}>{landing.cta.text}</CtaLink>
          </div>
        </div>
        <div className="cat-hero-card">
          <ul>
            {landing.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
