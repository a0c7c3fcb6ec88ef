import type { ContentPage } from '@shop/shared/contract/catalog-content';
import type { ReactNode } from 'react';
import { CtaLink } from '../../shared/cta-link';

/** The top of every content page: eyebrow, title, lead, highlights and up to two calls to action. */
export function PageHead({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <header className="cat-head">
      <div className="cat-wrap">
        {page.eyebrow && <p className="cat-eyebrow">{page.eyebrow}</p>}
        <h1>{page.title}</h1>
        <p className="cat-lead">{page.lead}</p>
        {page.highlights.length > 0 && (
          <ul className="cat-highlights">
            {page.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        )}
        {(page.primaryCta || page.secondaryCta) && (
          <div className="cat-actions">
            {page.primaryCta && (
              <CtaLink to={page.primaryCta.href}>{page.primaryCta.label}</CtaLink>
            )}
            {page.secondaryCta && (
              <CtaLink to={page.secondaryCta.href} variant="secondary">
                {page.secondaryCta.label}
              </CtaLink>
            )}
          </div>
        )}
        {children}
      </div>
    </header>
  );
}
