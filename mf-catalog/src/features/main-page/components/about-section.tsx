import { CheckList, type SectionImage } from './section-link';
import { sectionColors } from './main-page-root';

export interface AboutSectionProps {
  title: string;
  description?: string | null;
  image?: SectionImage | null;
  points?: readonly string[];
  backgroundColor?: string | null;
}

/** About the business (partner fields aboutTitle, aboutDescription, aboutImage, aboutPoints). */
export function AboutSection({
  title,
  description,
  image,
  points = [],
  backgroundColor,
}: AboutSectionProps) {
  return (
    <section
      className="mp-section"
      aria-labelledby="mp-about-title"
      style={sectionColors(backgroundColor)}
    >
      <div className={image ? 'mp-wrap mp-about-grid' : 'mp-wrap'}>
        {image && (
          <img
            src={image.src}
            alt={image.alt}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
          />
        )}
        <div>
          <h2 id="mp-about-title">{title}</h2>
          {description && <p className="mp-about-text">{description}</p>}
          <CheckList items={points} />
        </div>
      </div>
    </section>
  );
}
