// The upload steps' own styles, hoisted into <head> once beside the account area's.
const css = `
.rf-page { max-width: 960px; }
.rf-step { display: grid; gap: 16px; }
.rf-step p { margin: 0; }
.rf-date-input { display: block; width: 100%; max-width: 260px; min-height: 36px; padding: 4px 11px; border: 1px solid #b7c9cb; border-radius: 8px; background: #fff; color: inherit; font: inherit; }
.rf-date-input:focus-visible { outline: 2px solid var(--acc-link); outline-offset: 1px; border-color: var(--acc-link); }
.rf-date-input[aria-invalid="true"] { border-color: #a8071a; }
.rf-upload-slot { display: grid; gap: 10px; justify-items: start; }
.rf-upload-slot > * { margin: 0; }
.rf-upload-slot .acc-status:empty { display: none; }
.rf-note { margin: 0; padding: 12px 14px; border: 1px solid #f0c36d; border-radius: 12px; background: #fff8e6; color: #5c3c00; line-height: 1.55; }
.rf-scroll { overflow-x: auto; border: 1px solid var(--acc-line); border-radius: 12px; }
.rf-scroll:focus-visible { outline: 2px solid var(--acc-link); outline-offset: 2px; }
.rf-table { border-collapse: collapse; width: 100%; font-size: .875rem; }
.rf-table caption { text-align: left; padding: 10px 12px; font-weight: 600; }
.rf-table th, .rf-table td { padding: 8px 12px; border-top: 1px solid var(--acc-line); text-align: left; white-space: nowrap; max-width: 18em; overflow: hidden; text-overflow: ellipsis; }
.rf-table thead th { background: var(--acc-soft); color: var(--acc-muted); font-weight: 600; }
.rf-table tr[data-header="true"] td { font-weight: 700; background: #fbfefe; }
.rf-fields { display: grid; gap: 12px 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .rf-fields { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 992px) { .rf-fields { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.rf-fields .ant-form-item { margin: 0; }
.rf-reading { margin: 0; padding: 14px; border: 1px solid var(--acc-line); border-radius: 12px; background: var(--acc-soft); min-width: 0; }
.rf-reading legend { float: left; width: 100%; margin: 0 0 8px; padding: 0; font-size: .95rem; font-weight: 600; border: 0; }
.rf-reading-grid { clear: both; display: grid; gap: 0 12px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
.rf-reading-grid > .rf-span-2 { grid-column: 1 / -1; }
@media (min-width: 767px) { .rf-reading-grid { grid-template-columns: 2fr 1fr 1fr 1fr 1fr 1.3fr; } .rf-reading-grid > .rf-span-2 { grid-column: auto; } }
.rf-reading .ant-form-item { margin-bottom: 10px; }
.rf-reading-list { display: grid; gap: 12px; }
.rf-actions { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; }
.rf-progress { max-width: 480px; }
.rf-skipped { margin: 0; padding-left: 1.2em; }
.rf-data { margin-top: 20px; padding-top: 16px; border-top: 1px solid var(--acc-line); display: grid; gap: 10px; }
.rf-data h3 { margin: 0; }
.rf-data-box { display: grid; gap: 10px; margin-top: 16px; }
.rf-data-box h2, .rf-data-box p { margin: 0; }
.rf-data p { margin: 0; }
.acc .rf-row-action { display: inline-flex; align-items: center; min-height: 32px; padding: 4px 15px; border: 1px solid #8fd3cf; border-radius: 8px; background: #fff; font-weight: 600; text-decoration: none; }
.acc .rf-row-action:hover { border-color: var(--acc-link); }
.acc .rf-row-action:focus-visible { outline: 2px solid var(--acc-link); outline-offset: 2px; }
.rf-problem { color: #a8071a; }
`;

export function ResultFlowStyles() {
  return (
    <style href="mf-account-result-flow-styles" precedence="default">
      {css}
    </style>
  );
}
