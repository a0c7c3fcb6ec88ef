// The checkout pages' CSS, hoisted by React 19 into <head> once however many components render it.
// Colours keep 4.5:1 contrast: dark text on the brand colour, never white.
const css = `
.co-page { max-width: 1080px; margin: 0 auto; padding: 28px 16px 56px; }
.co-page h1 { color: #12343b; margin: 0 0 16px; font-size: clamp(1.6rem, 4vw, 2.2rem); line-height: 1.2; }
.co-page h2 { color: #12343b; font-size: 1.15rem; margin: 0 0 12px; }
.co-layout { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
/* The summary comes first in the HTML (a phone shows it above the form); a desktop puts it in the
   right column. Never reordered with order: a page painted before its HTML is all parsed (a slow
   network) would show the form first and push it down when the summary arrives. */
@media (min-width: 992px) { .co-layout { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } .co-aside { position: sticky; top: 16px; } .co-summary-first { grid-column: 2; grid-row: 1; } }
.co-panel { background: #fff; border: 1px solid #dbe7e7; border-radius: 12px; padding: 20px; }
.co-panel + .co-panel { margin-top: 16px; }
.co-layout > .co-panel + .co-panel { margin-top: 0; }
.co-list { list-style: none; margin: 0; padding: 0; }
.co-line { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 4px 12px; padding: 14px 0; border-bottom: 1px solid #e3eeee; }
.co-line:first-child { padding-top: 0; }
.co-line-title { font-weight: 600; color: #12343b; }
.co-line-meta { color: #4a5f63; font-size: 0.9rem; }
.co-line-amount { font-weight: 600; text-align: right; white-space: nowrap; }
.co-line-actions { grid-column: 1 / -1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.co-qty { display: inline-flex; align-items: center; border: 1px solid #b7cccc; border-radius: 8px; }
.co-qty button { min-width: 40px; min-height: 40px; border: 0; background: transparent; font-size: 1.1rem; cursor: pointer; color: #12343b; }
.co-qty button:disabled { color: #8a9c9e; cursor: not-allowed; }
.co-qty output { min-width: 32px; text-align: center; font-weight: 600; }
.co-link-button { background: none; border: 0; padding: 8px 4px; color: #0e6b66; text-decoration: underline; cursor: pointer; font: inherit; min-height: 40px; }
.co-totals { margin: 0; display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 8px 0; }
.co-totals dt { color: #4a5f63; }
.co-totals dd { margin: 0; padding-left: 12px; text-align: right; font-variant-numeric: tabular-nums; }
.co-totals .co-total { font-weight: 700; font-size: 1.15rem; color: #12343b; border-top: 1px solid #dbe7e7; padding-top: 10px; }
.co-discount { color: #1d6b2f; }
.co-cta { display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 0 24px; border-radius: 8px; border: 0; background: var(--co-primary, #3cbab5); color: var(--co-on-primary, #0b2428); font: inherit; font-weight: 700; text-decoration: none; width: 100%; cursor: pointer; }
.co-cta:hover { filter: brightness(0.95); }
.co-cta:disabled { opacity: 0.7; cursor: progress; }
.co-cta:focus-visible, .co-link-button:focus-visible, .co-qty button:focus-visible { outline: 3px solid #12343b; outline-offset: 2px; }
.co-muted { color: #4a5f63; }
.co-cta-inline { width: auto; }
.co-actions { display: grid; gap: 8px; margin-top: 16px; }
.co-state { display: grid; place-items: center; min-height: 240px; }
.co-note { color: #4a5f63; font-size: 0.9rem; margin: 8px 0 0; }
.co-estimate { display: flex; gap: 8px; align-items: center; color: #12343b; font-weight: 600; margin: 4px 0 12px; }
.co-row { display: grid; gap: 0 12px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .co-row-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); } .co-row-3 { grid-template-columns: 2fr 1fr 1fr; } }
.co-steps { display: flex; gap: 8px 16px; flex-wrap: wrap; list-style: none; padding: 0; margin: 0 0 20px; color: #4a5f63; }
.co-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.co-fieldset legend { font-size: 1.15rem; font-weight: 700; color: #12343b; margin-bottom: 12px; padding: 0; }
.co-element { margin-bottom: 16px; }
.co-terms { background: #f4f9f9; border-radius: 8px; padding: 12px; margin: 8px 0 12px; font-size: 0.9rem; color: #33484c; }
/* Links in running text: the shop's dark teal, readable on the terms' tint (antd's own blue is not). */
.co-terms a, .co-plan-access a { color: #0f6e69; text-decoration: underline; }
.co-banner { display: flex; gap: 8px; align-items: baseline; justify-content: space-between; flex-wrap: wrap; }
/* A phone wraps the log-in line under the heading anyway; a column keeps it there while its text is
   still arriving (a half-parsed line would fit beside the heading, then jump under it). */
@media (max-width: 479px) { .co-banner { flex-direction: column; } }
`;

export function CheckoutStyles() {
  return (
    <style href="shop-checkout" precedence="default">
      {css}
    </style>
  );
}
