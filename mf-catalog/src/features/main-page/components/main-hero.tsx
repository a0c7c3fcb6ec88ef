import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { CheckList, SectionLink, type SectionImage, type SectionLinkData } from './section-link';
import { sectionColors } from './main-page-root';

export interface MainHeroProps {
  eyebrow?: string | null;
  title: string;
  description?: string | null;
  image?: SectionImage | null;
  primaryCta?: SectionLinkData | null;
  secondaryCta?: SectionLinkData | null;
  highlights?: readonly string[];
  backgroundColor?: string | null;
  /** The image is still to come (from copy that is loading): its place is kept so nothing below moves. */
  imagePending?: boolean;
}

/** The main page's first section (partner fields mainPageTitle, mainPageDescription, mainPageImage). */
export function MainHero({
  eyebrow,
  title,
  description,
  image,
  primaryCta,
  secondaryCta,
  highlights = [],
  backgroundColor,
  imagePending = false,
}: MainHeroProps) {
  return (
    <section
      className="mp-hero"
      aria-labelledby="mp-hero-title"
      style={sectionColors(backgroundColor)}
    >
      <div className="mp-wrap mp-hero-grid">
        <div>
          {eyebrow && <p className="mp-eyebrow">{eyebrow}</p>}
          <h1 id="mp-hero-title">{title}</h1>
          {description && <p className="mp-hero-text">{description}</p>}
          {(primaryCta || secondaryCta) && (
            <div className="mp-actions">
              {primaryCta && <SectionLink link={primaryCta} />}
              {secondaryCta && <SectionLink link={secondaryCta} variant="secondary" />}
            </div>
          )}
          <CheckList items={highlights} />
        </div>
        {image && (
          <div className="mp-hero-media">
            {/* Sized so the layout does not shift while it loads; it is the page's largest paint. */}
            <img
              src={image.src}
              alt={image.alt}
              width={480}
              height={360}
              fetchPriority="high"
              decoding="async"
            />
          </div>
        )}
        {!image && imagePending && (
          <div className="mp-hero-media">
            <div
              className="mp-hero-media-pending"
              aria-hidden="true"
              {...{ [AREA_PENDING_ATTRIBUTE]: '' }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
