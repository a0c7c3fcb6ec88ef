import type { CSSProperties, ReactNode } from 'react';
import { readableTextOn, textColorFor } from '@shop/shared/rules/color-contrast';
import { usePartner } from '../hooks/use-partner';

// Partner colours arrive as CSS custom properties, so a palette never needs new CSS.
const css = `
.sf-page { max-width: 1100px; margin: 0 auto; padding: 32px 20px 56px; color: #12343b; }
.sf-page h1 { font-size: clamp(1.8rem, 4.5vw, 2.6rem); line-height: 1.15; margin: 0 0 12px; overflow-wrap: anywhere; }
.sf-lead { font-size: 1.1rem; color: #3d5358; margin: 0 0 24px; max-width: 44em; }
.sf-muted { color: #4a5f63; }
.sf-notice { margin: 0 0 20px; padding: 12px 16px; border-left: 4px solid var(--sf-accent); border-radius: 8px; background: #f3f7f8; color: #12343b; max-width: 44em; }
.sf-tabs { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; margin: 0 0 28px; }
.sf-tabs a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 16px; border-radius: 22px; border: 1px solid #c9d6d8; color: #12343b; text-decoration: none; font-weight: 600; }
.sf-tabs a.active { background: var(--sf-accent); border-color: var(--sf-accent); color: var(--sf-on-accent); }
.sf-tabs a:focus-visible, .sf-link-button:focus-visible { outline: 3px solid #0b5c58; outline-offset: 2px; }
.sf-variant { margin: 0 0 40px; }
.sf-variant h2 { font-size: 1.45rem; margin: 0 0 14px; }
.sf-offers { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .sf-offers { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 992px) { .sf-offers { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.sf-offer { display: flex; flex-direction: column; gap: 10px; border: 1px solid #d8e4e6; border-top: 4px solid var(--sf-accent); border-radius: 14px; padding: 20px; background: #fff; }
.sf-offer h3 { margin: 0; font-size: 1.15rem; overflow-wrap: anywhere; }
.sf-offer p { margin: 0; color: #4a5f63; }
.sf-price { font-size: 1.9rem; font-weight: 800; color: #12343b; }
.sf-price small { font-size: 0.95rem; font-weight: 600; color: #4a5f63; margin-left: 4px; }
.sf-offer .ant-btn { margin-top: auto; min-height: 44px; }
.sf-empty { padding: 20px; border: 1px dashed #c9d6d8; border-radius: 12px; color: #4a5f63; }
.sf-state { display: grid; place-items: center; gap: 12px; min-height: 40vh; text-align: center; padding: 32px 20px; }
.sf-status-code { font-size: 4rem; font-weight: 800; line-height: 1; margin: 0; color: var(--sf-accent, #0f6e69); }
.sf-cart { display: grid; gap: 24px; }
@media (min-width: 900px) { .sf-cart { grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr); align-items: start; } }
.sf-panel { border: 1px solid #d8e4e6; border-radius: 14px; padding: 20px; background: #fff; }
.sf-actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 16px; }
.sf-link-button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 20px; border-radius: 8px; font-weight: 700; text-decoration: none; background: var(--sf-accent); color: var(--sf-on-accent); }
.sf-checkout { --co-primary: var(--sf-accent); }
.sf-checkout .co-cta { color: var(--sf-on-accent); }
.sf-button { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 44px; padding: 0 20px; border: 1px solid var(--sf-accent, #0f6e69); border-radius: 8px; font: inherit; font-size: 1rem; font-weight: 700; cursor: pointer; background: var(--sf-accent, #0f6e69); color: var(--sf-on-accent, #ffffff); }
.sf-button:hover:not(:disabled) { filter: brightness(0.94); }
.sf-button:disabled { cursor: progress; opacity: 0.75; }
.sf-button:focus-visible { outline: 3px solid #0b5c58; outline-offset: 2px; }
.sf-button--quiet { background: #fff; color: #12343b; border-color: #c9d6d8; }
.sf-offer .sf-button { margin-top: auto; width: 100%; }
.sf-spinner { display: inline-block; width: 40px; height: 40px; border-radius: 50%; border: 4px solid #d8e4e6; border-top-color: var(--sf-accent, #0f6e69); animation: sf-spin 0.8s linear infinite; }
.sf-spinner--small { width: 16px; height: 16px; border-width: 2px; border-color: currentColor; border-top-color: transparent; }
@keyframes sf-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .sf-spinner { animation-duration: 2.4s; } }
.sf-link-button--quiet { background: #fff; color: #12343b; border: 1px solid #c9d6d8; }
/* antd writes white on colorPrimary and colours links with it; a light partner colour (the default
   #3cbab5 included) needs dark text on its buttons and a darker link to stay readable. */
.sf-page .ant-btn-primary:not(:disabled),
.sf-page .ant-btn-primary:not(:disabled):not(.ant-btn-disabled):hover,
.sf-page .ant-btn-primary:not(:disabled):not(.ant-btn-disabled):active { color: var(--sf-on-accent); }
.sf-page .ant-btn-link:not(:disabled),
.sf-page .ant-btn-link:not(:disabled):not(.ant-btn-disabled):hover,
.sf-page .ant-btn-link:not(:disabled):not(.ant-btn-disabled):active { color: var(--sf-accent-ink); }
.sf-page .ant-btn-link:not(:disabled):hover { text-decoration: underline; }
`;

export function StorefrontStyles() {
  return (
    <style href="mf-storefront-styles" precedence="default">
      {css}
    </style>
  );
}

/** A storefront page: its styles and the partner accent with the text colour that reads on it. */
export function StorefrontPage({
  children,
  wide = false,
}: {
  children: ReactNode;
  wide?: boolean;
}) {
  const { colors } = usePartner();
  const style = {
    '--sf-accent': colors.primary,
    '--sf-on-accent': readableTextOn(colors.primary),
    // The accent as text on the white page, or dark text when the accent is too light to read.
    '--sf-accent-ink': textColorFor('#ffffff', colors.primary),
  } as CSSProperties;
  return (
    <div className={wide ? undefined : 'sf-page'} style={style}>
      <StorefrontStyles />
      {children}
    </div>
  );
}
