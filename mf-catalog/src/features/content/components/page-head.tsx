import type { ContentPage } from '@shop/shared/contract/catalog-content';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ReactNode } from 'react';
import { CtaLink } from '../../shared/components/cta-link';

/** The top of every content page: eyebrow, title, lead, highlights and up to two calls to action. */
export function PageHead({ page, children }: { page: ContentPage; children?: ReactNode }) {
  const { userContext } = useShell();
  const primaryCta = (userContext.user && page.signedInCta) || page.primaryCta;
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
        {(primaryCta || page.secondaryCta) && (
          <div className="cat-actions">
            {primaryCta && <CtaLink to={primaryCta.href}>{primaryCta.label}</CtaLink>}
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
