import type { SectionImage } from './section-link';
import { sectionColors } from './main-page-root';

export interface HowItWorksStep {
  title: string;
  description: string;
  image?: SectionImage | null;
  /** A logo printed on the step's picture (a partner's kit box). */
  badge?: SectionImage | null;
}

export interface HowItWorksSectionProps {
  title: string;
  steps: readonly HowItWorksStep[];
  backgroundColor?: string | null;
}

/** Three numbered steps (partner fields mainPageStep1Image to mainPageStep3Image). */
export function HowItWorksSection({ title, steps, backgroundColor }: HowItWorksSectionProps) {
  return (
    <section
      className="mp-section"
      aria-labelledby="mp-how-title"
      style={sectionColors(backgroundColor)}
    >
      <div className="mp-wrap">
        <h2 id="mp-how-title">{title}</h2>
        <ol className="mp-steps">
          {steps.map((step) => (
            <li key={step.title} className="mp-step">
              {(step.image || step.badge) && (
                <div className="mp-step-media">
                  {step.image && (
                    <img
                      src={step.image.src}
                      alt={step.image.alt}
                      width={160}
                      height={120}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  {step.badge && (
                    <img
                      className="mp-step-badge"
                      src={step.badge.src}
                      alt={step.badge.alt}
                      width={96}
                      height={32}
                      loading="lazy"
                      decoding="async"
                      data-testid="box-logo"
                    />
                  )}
                </div>
              )}
              <h3>{step.title}</h3>
              <p>{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
