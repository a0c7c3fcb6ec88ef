// Area styles, hoisted into <head> once by React 19 however many account pages render them.
const css = `
.acc { --acc-ink: #12343b; --acc-muted: #4a5f63; --acc-line: #dcebeb; --acc-soft: #f3fafa; --acc-link: #0f6e69; color: var(--acc-ink); }
.acc a { color: var(--acc-link); }
.acc-wrap { display: grid; place-items: start center; padding: 32px 16px 64px; background: linear-gradient(180deg, #eef9f8 0%, #ffffff 320px); }
.acc-card { width: 100%; max-width: 460px; background: #fff; border: 1px solid var(--acc-line); border-radius: 16px; padding: 28px 20px; box-shadow: 0 10px 30px rgba(18, 52, 59, 0.06); }
@media (min-width: 576px) { .acc-card { padding: 32px 32px 28px; } .acc-wrap { padding-top: 48px; } }
.acc-card h1 { margin: 0 0 6px; font-size: 1.7rem; line-height: 1.2; color: var(--acc-ink); }
.acc-lead { margin: 0 0 20px; color: var(--acc-muted); }
.acc-links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px 16px; margin: 16px 0 0; }
/* Two classes: antd's own reset (margin 0) comes later in <head> and would win over one. */
.acc-alert.ant-alert { margin-bottom: 16px; }
.acc-status { margin: 0 0 16px; padding: 12px 14px; border: 1px solid #a9d8d5; border-radius: 12px; background: var(--acc-soft); line-height: 1.55; overflow-wrap: anywhere; }
.acc-status:empty { margin: 0; padding: 0; border: 0; }
.acc-link-button { padding: 0; border: 0; background: none; font: inherit; color: var(--acc-link); text-decoration: underline; cursor: pointer; }
.acc-link-button:focus-visible { outline: 2px solid var(--acc-link); outline-offset: 2px; border-radius: 2px; }
.acc-centre { display: grid; justify-items: center; gap: 12px; padding: 8px 0 4px; text-align: center; }
.acc-checklist { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: 2px; font-size: .875rem; color: var(--acc-muted); }
.acc-checklist li { display: flex; gap: 6px; align-items: baseline; }
.acc-checklist li[data-met="true"] { color: #17603a; }
.acc-checklist .acc-mark { width: 1em; display: inline-block; text-align: center; font-weight: 700; }
.acc-page { max-width: 1120px; margin: 0 auto; padding: 28px 16px 64px; }
@media (min-width: 767px) { .acc-page { padding: 40px 24px 72px; } }
.acc-page h1 { margin: 0 0 4px; font-size: clamp(1.6rem, 4vw, 2.2rem); line-height: 1.2; }
.acc-page-lead { margin: 0 0 24px; color: var(--acc-muted); overflow-wrap: anywhere; }
.acc-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 992px) { .acc-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 20px; } .acc-grid > .acc-wide { grid-column: 1 / -1; } }
/* A panel or heading scrolled to (/account/uploads, a #link) stops below the shell's sticky 64px header. */
.acc-panel, .acc-panel h2 { scroll-margin-top: 88px; }
.acc-panel { background: #fff; border: 1px solid var(--acc-line); border-radius: 16px; padding: 20px 16px; min-width: 0; }
@media (min-width: 576px) { .acc-panel { padding: 24px; } }
.acc-panel-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 12px; margin-bottom: 12px; }
.acc-panel h2 { margin: 0; font-size: 1.2rem; line-height: 1.3; }
.acc-panel h3 { margin: 0 0 8px; font-size: 1rem; }
.acc-muted { color: var(--acc-muted); }
.acc-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.acc-card-row { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 12px; padding: 12px 14px; border: 1px solid var(--acc-line); border-radius: 12px; background: var(--acc-soft); }
.acc-card-row[data-default="true"] { border-color: #8fd3cf; background: #eef9f8; }
.acc-card-name { font-weight: 600; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; }
.acc-card-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.acc-badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: .75rem; font-weight: 700; background: #d4efed; color: #0b4f4b; }
.acc-badge--warn { background: #fdecc8; color: #6b4100; }
.acc-form-row { display: grid; gap: 0 12px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 576px) { .acc-form-row--2 { grid-template-columns: repeat(2, minmax(0, 1fr)); } .acc-form-row--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.acc-element { margin: 8px 0 16px; }
.acc-subform { margin-top: 16px; padding: 16px; border: 1px dashed #a9d8d5; border-radius: 12px; background: #fbfefe; }
.acc-subform-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.acc-stats { display: grid; gap: 12px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 767px) { .acc-stats { grid-template-columns: 1fr 2fr; } }
.acc-stat { padding: 14px 16px; border-radius: 12px; background: var(--acc-soft); border: 1px solid var(--acc-line); }
.acc-stat-value { display: block; font-size: 1.5rem; font-weight: 700; }
.acc-sub-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.acc-sub-list li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; }
.acc-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.acc-address { font-style: normal; line-height: 1.6; overflow-wrap: anywhere; }
.acc-upload-text { display: grid; gap: 2px; min-width: 0; flex: 1 1 200px; overflow-wrap: anywhere; }
.acc-upload-progress { display: block; width: 100%; height: 8px; margin: 0 0 12px; }
.acc-upload-error { margin: 0 0 12px; padding: 10px 14px; border: 1px solid #ffa39e; border-radius: 12px; background: #fff2f0; color: #a8071a; overflow-wrap: anywhere; }
.acc-back { margin: 0 0 12px; }
.acc-sub-link { font-weight: 600; }
.acc-block { display: block; }
.acc-facts { margin: 0; display: grid; gap: 10px; }
.acc-facts > div { display: grid; gap: 2px 12px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .acc-facts > div { grid-template-columns: 9.5em minmax(0, 1fr); } }
.acc-facts dt { color: var(--acc-muted); }
.acc-facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.acc-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.acc-inline-link { padding: 0; height: auto; }
.acc-dialog > p { margin: 0 0 16px; }
.acc-fieldset { margin: 0 0 16px; padding: 0; border: 0; min-width: 0; }
.acc-fieldset legend { margin: 0 0 6px; padding: 0; font-size: 1rem; font-weight: 600; color: inherit; border: 0; }
.acc-hint { margin: 0 0 8px; font-size: .875rem; }
/* Above antd's own group layout (same specificity, injected later): one choice a line. */
.acc .acc-radio-list { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.acc-label { display: block; margin: 0 0 4px; font-weight: 600; }
.acc-date { width: 100%; max-width: 260px; }
.acc-field-error { margin: 6px 0 0; color: #a8071a; }
.acc-offer { margin: 0 0 16px; padding: 14px 16px; border: 1px solid #a9d8d5; border-radius: 12px; background: var(--acc-soft); }
.acc-offer h3 { margin: 0 0 4px; font-size: 1rem; }
.acc-offer p { margin: 0 0 10px; }
.acc-preview { margin: 0 0 16px; padding: 12px 14px; border-radius: 12px; background: var(--acc-soft); border: 1px solid var(--acc-line); min-height: 56px; }
.acc-preview p { margin: 0; }
.acc-add-card { margin: 0 0 8px; }
.acc-history-row { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; padding: 10px 14px; border: 1px solid var(--acc-line); border-radius: 12px; }
.acc-history-text { display: grid; gap: 2px; min-width: 0; flex: 1 1 220px; overflow-wrap: anywhere; }
.acc-history-side { display: flex; align-items: center; gap: 8px; }
.acc-history-amount { font-weight: 600; }
.acc-order-row, .acc-order-line { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; padding: 12px 14px; border: 1px solid var(--acc-line); border-radius: 12px; }
.acc-order-line { padding: 10px 0; border-width: 0 0 1px; border-radius: 0; }
.acc-totals { margin: 12px 0 0; display: grid; gap: 6px; max-width: 360px; margin-left: auto; }
.acc-totals > div { display: flex; justify-content: space-between; gap: 12px; }
.acc-totals dt { color: var(--acc-muted); }
.acc-totals dd { margin: 0; font-weight: 600; }
.acc-totals > div[data-total="true"] { padding-top: 6px; border-top: 1px solid var(--acc-line); font-size: 1.1rem; }
.acc-totals > div[data-total="true"] dt { color: inherit; font-weight: 700; }
@media print { .acc-no-print, .site-header, footer { display: none !important; } .acc-panel { break-inside: avoid; } }
`;

export function AccountStyles() {
  return (
    <style href="mf-account-styles" precedence="default">
      {css}
    </style>
  );
}
