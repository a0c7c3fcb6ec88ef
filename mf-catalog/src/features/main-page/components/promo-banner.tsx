import type { CSSProperties } from 'react';
import { textColorFor } from '@shop/shared/rules/color-contrast';
import { hexColorOr } from '@shop/shared/rules/hex-color';
import { SectionLink, type SectionLinkData } from './section-link';

const DEFAULT_BANNER_BG = '#12343b';

export interface PromoBannerProps {
  show: boolean;
  content?: string | null;
  cta?: SectionLinkData | null;
  /** Text colour; replaced by a readable one if it is too faint on the background. */
  color?: string | null;
  backgroundColor?: string | null;
}

/** A switchable announcement (partner fields bannerShow, bannerContent, bannerColor, bannerBGColor). */
export function PromoBanner({ show, content, cta, color, backgroundColor }: PromoBannerProps) {
  if (!show || !content?.trim()) return null;
  const bg = hexColorOr(backgroundColor, DEFAULT_BANNER_BG);
  const style = {
    '--mp-banner-bg': bg,
    '--mp-banner-fg': textColorFor(bg, color),
  } as CSSProperties;
  return (
    <aside className="mp-section" aria-label="Announcement">
      <div className="mp-wrap">
        <div className="mp-banner" style={style}>
          <p>{content}</p>
          {cta && <SectionLink link={cta} variant="inverse" />}
        </div>
      </div>
    </aside>
  );
}
