import type { CSSProperties, ReactNode } from 'react';
import { readableTextOn, textColorFor } from '@shop/shared/rules/color-contrast';
import { hexColorOr, isHexColor } from '@shop/shared/rules/hex-color';
import { MainPageStyles } from './main-page-styles';

const DEFAULT_ACCENT = '#3cbab5';

/**
 * Wraps the sections: loads their styles and sets the accent colour and the text that reads on it,
 * and, when given, the colours of the marker chips and of the step pictures' backdrop (a partner's).
 */
export function MainPageRoot({
  accentColor,
  chipColor,
  illustrationColor,
  children,
}: {
  accentColor?: string | null;
  chipColor?: string | null;
  illustrationColor?: string | null;
  children: ReactNode;
}) {
  const accent = hexColorOr(accentColor, DEFAULT_ACCENT);
  const chip = hexColorOr(chipColor, null);
  const art = hexColorOr(illustrationColor, null);
  const style = {
    '--mp-accent': accent,
    '--mp-on-accent': readableTextOn(accent),
    ...(chip && { '--mp-chip-bg': chip, '--mp-chip-fg': readableTextOn(chip) }),
    ...(art && { '--mp-art-bg': art }),
  } as CSSProperties;
  return (
    <div className="mp-root" style={style}>
      <MainPageStyles />
      {children}
    </div>
  );
}

/** CSS variables for a section with a partner background colour; none when the colour is absent or invalid. */
export function sectionColors(
  background?: string | null,
  preferredText?: string | null,
): CSSProperties | undefined {
  if (!isHexColor(background)) return undefined;
  const bg = background.trim();
  const fg = textColorFor(bg, preferredText);
  return { '--mp-bg': bg, '--mp-fg': fg, '--mp-fg-muted': fg } as CSSProperties;
}
