import { SectionLink, type SectionLinkData } from './section-link';
import { sectionColors } from './main-page-root';

export interface BiomarkerGroup {
  name: string;
  description?: string | null;
  markers: readonly string[];
}

export interface BiomarkersSectionProps {
  title: string;
  description?: string | null;
  groups: readonly BiomarkerGroup[];
  cta?: SectionLinkData | null;
  backgroundColor?: string | null;
}

/** What the tests measure, grouped by body system (the partner's newMarkersSection switches it on). */
export function BiomarkersSection({
  title,
  description,
  groups,
  cta,
  backgroundColor,
}: BiomarkersSectionProps) {
  return (
    <section
      className="mp-section"
      aria-labelledby="mp-markers-title"
      style={sectionColors(backgroundColor)}
    >
      <div className="mp-wrap">
        <h2 id="mp-markers-title">{title}</h2>
        {description && <p className="mp-lead">{description}</p>}
        <div className="mp-groups">
          {groups.map((group) => (
            <section key={group.name} className="mp-group" aria-label={group.name}>
              <h3>{group.name}</h3>
              {group.description && <p>{group.description}</p>}
              <ul className="mp-chips">
                {group.markers.map((marker) => (
                  <li key={marker}>{marker}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        {cta && (
          <p className="mp-section-cta">
            <SectionLink link={cta} variant="secondary" />
          </p>
        )}
      </div>
    </section>
  );
}
