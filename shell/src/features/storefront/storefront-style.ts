// The CSS variables that carry a partner's bar and footer colours to the whole page, with text
// colours that stay readable. Every route needs the variables, so this stays in the shell's main code.
import type { CSSProperties } from 'react';
import { readableTextOn } from '@shop/shared/rules/color-contrast';
import type { ThemeTokens } from '@shop/shared/shell-contract/shell-props';

export const INK = '#12343b';

/** className and CSS variables for the shell's root: brand, bar and footer colours with readable text. */
export function storefrontShellStyle(
  theme: ThemeTokens,
  isStorefront: boolean,
): { className: string; style: CSSProperties } {
  const bar = theme.barColor ?? '#ffffff';
  const footer = theme.footerColor ?? INK;
  const barInk = readableTextOn(bar);
  // A partner logo is drawn for a light page; on a dark bar it sits on a white plate to stay legible.
  const darkBar = barInk !== readableTextOn('#ffffff');
  return {
    className: isStorefront ? 'shell shell--storefront' : 'shell',
    style: {
      '--brand': theme.primaryColor,
      '--on-brand': readableTextOn(theme.primaryColor),
      '--bar': bar,
      '--bar-ink': barInk,
      '--logo-plate': darkBar ? '#ffffff' : 'transparent',
      '--logo-plate-padding': darkBar ? '2px 6px' : '0',
      '--footer': footer,
      '--footer-ink': readableTextOn(footer),
    } as CSSProperties,
  };
}
